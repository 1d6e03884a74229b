import { useRef, useState, type ReactElement, type ReactNode, type RefObject } from 'react';
import { toast } from '@/lib/toast';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import {
  renewRecoveryCodes,
  turnOffTwoFactor,
  useTwoFactorChange,
  useTwoFactorRefresh,
  useTwoFactorStatus,
} from '../api/two-factor';
import { PasswordStep } from './password-step';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** Settings > Security: two-factor sign-in on or off, and new recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  // The set-up stays on screen while its dialog is open, whatever the status says: turning it on
  // renews the session, the live stream reconnects and the status is read again as on before the
  // person has saved the recovery codes the dialog shows once.
  const [settingUp, setSettingUp] = useState(false);
  // Turned on or off, the button that opened the dialog is gone (the other state has others):
  // the focus goes to the card's title, whose badge says the new state.
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = () => title.current?.focus();

  return (
    <Card>
      <CardHeader>
        <CardTitle
          ref={title}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-2 text-xl focus-visible:outline-none"
        >
          Two-factor sign-in
          {status.data && (
            <Badge variant={status.data.enabled ? 'default' : 'secondary'}>{status.data.enabled ? 'On' : 'Off'}</Badge>
          )}
        </CardTitle>
        <CardDescription>
          Signing in also asks for a code from an authenticator app on your phone, so a stolen password alone is not
          enough.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-10 w-64" />
        ) : status.isError ? (
          <LoadError
            title="Could not load two-factor sign-in"
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : status.data.enabled && !settingUp ? (
          <>
            <p className="text-sm text-muted-foreground">
              {status.data.recoveryCodesLeft === 1
                ? '1 recovery code left.'
                : `${status.data.recoveryCodesLeft} recovery codes left.`}
              {status.data.required && ' Your ministry requires two-factor sign-in for your role.'}
            </p>
            <div className="flex flex-wrap gap-2">
              <RenewCodes />
              {!status.data.required && <TurnOff focusTitle={focusTitle} />}
            </div>
          </>
        ) : (
          <SetUp open={settingUp} onOpenChange={setSettingUp} focusTitle={focusTitle} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Recovery codes on screen and not yet ticked as saved (`RecoveryCodes` marks them): Escape, a
 * click beside the dialog or its corner button do not close it, and the focus goes to the box
 * to tick. Closed with Escape, the codes were gone for good, shown only once; a renewal had
 * already stopped the old ones.
 */
function keepUnsavedCodes(event: { preventDefault: () => void }) {
  const unsaved = document.querySelector<HTMLElement>('[data-unsaved-codes] [role="checkbox"]');
  if (!unsaved) return;
  event.preventDefault();
  unsaved.focus();
}

/**
 * A dialog opened by its own button, which gets the focus back when it closes, unless
 * `finishedRef` holds where else it goes (set by a step that changed what the card shows).
 */
function StepDialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  finishedRef,
  children,
}: {
  trigger: ReactElement;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  finishedRef?: RefObject<(() => void) | null>;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto"
        onEscapeKeyDown={keepUnsavedCodes}
        onInteractOutside={keepUnsavedCodes}
        onCloseButtonClick={keepUnsavedCodes}
        onCloseAutoFocus={(event) => {
          const focus = finishedRef?.current;
          if (!focus) return;
          event.preventDefault();
          finishedRef.current = null;
          focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function SetUp({
  open,
  onOpenChange: setOpen,
  focusTitle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusTitle: () => void;
}) {
  const refresh = useTwoFactorRefresh();
  const finished = useRef<(() => void) | null>(null);
  return (
    <StepDialog
      finishedRef={finished}
      trigger={<Button>Set up two-factor sign-in</Button>}
      title="Set up two-factor sign-in"
      description="About two minutes, with your phone at hand."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Closed half-way (after the code, before Done): two-factor sign-in may be on already.
        if (!next) void refresh();
      }}
    >
      <TwoFactorEnrolment
        onDone={() => {
          finished.current = focusTitle;
          setOpen(false);
          void refresh();
          toast.success('Two-factor sign-in is on', { description: 'Signing in now also asks for a code.' });
        }}
      />
    </StepDialog>
  );
}

function RenewCodes() {
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const renew = useTwoFactorChange(renewRecoveryCodes);
  return (
    <StepDialog
      trigger={<Button variant="outline">New recovery codes</Button>}
      title="New recovery codes"
      description="Ten new codes replace the old ones, which stop working."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setCodes(null);
      }}
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setOpen(false)} />
      ) : (
        <PasswordStep
          submitLabel="Make new codes"
          pendingLabel="Making..."
          onSubmit={async (password) => setCodes(await renew.mutateAsync(password))}
        />
      )}
    </StepDialog>
  );
}

function TurnOff({ focusTitle }: { focusTitle: () => void }) {
  const [open, setOpen] = useState(false);
  const turnOff = useTwoFactorChange(turnOffTwoFactor);
  const finished = useRef<(() => void) | null>(null);
  return (
    <StepDialog
      finishedRef={finished}
      trigger={<Button variant="outline">Turn off</Button>}
      title="Turn off two-factor sign-in?"
      description="Signing in will ask for your password only. Your recovery codes stop working."
      open={open}
      onOpenChange={setOpen}
    >
      <PasswordStep
        destructive
        submitLabel="Turn off"
        pendingLabel="Turning off..."
        onSubmit={async (password) => {
          await turnOff.mutateAsync(password);
          finished.current = focusTitle;
          setOpen(false);
          toast.success('Two-factor sign-in is off');
        }}
      />
    </StepDialog>
  );
}
