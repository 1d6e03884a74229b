import { useEffect, useId, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TOTP_CODE_INVALID, TOTP_CODE_PATTERN, withoutSpaces } from '#shared/two-factor-code';
import { confirmEnrolment, startEnrolment, useTwoFactorChange, type Enrolment } from '../api/two-factor';
import { PasswordStep } from './password-step';
import { RecoveryCodes } from './recovery-codes';

/**
 * Setting up two-factor sign-in, in three steps: the password; the QR code (or its key typed
 * by hand) and a first code from the app to prove it works; the recovery codes. Used by
 * Settings > Security and by the setup step a required second factor leads to.
 */
export function TwoFactorEnrolment({
  onConfirmed,
  onDone,
}: {
  /** The code was right: two-factor sign-in is on, and the recovery codes are shown. */
  onConfirmed?: () => void;
  onDone: () => void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const start = useTwoFactorChange(startEnrolment, { refresh: false });

  if (!enrolment)
    return (
      <div className="space-y-3">
        <p className="text-sm text-muted-foreground">
          You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 2FAS.
          First, enter your password.
        </p>
        <PasswordStep
          submitLabel="Continue"
          pendingLabel="Checking..."
          onSubmit={async (password) => setEnrolment(await start.mutateAsync(password))}
        />
      </div>
    );
  if (!confirmed)
    return (
      <ScanStep
        totpURI={enrolment.totpURI}
        onConfirmed={() => {
          setConfirmed(true);
          onConfirmed?.();
        }}
      />
    );
  return <RecoveryCodes codes={enrolment.recoveryCodes} onDone={onDone} />;
}

/** The secret as an authenticator app's "enter a key" field wants it: in groups of four. */
const keyOf = (totpURI: string) => (new URL(totpURI).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ');

function ScanStep({ totpURI, onConfirmed }: { totpURI: string; onConfirmed: () => void }) {
  const id = useId();
  const [qr, setQr] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useTwoFactorChange(confirmEnrolment, { refresh: false });

  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(totpURI, { margin: 1, width: 200 }).then((url) => current && setQr(url));
    return () => {
      current = false;
    };
  }, [totpURI]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement;
    const code = withoutSpaces(input.value);
    if (!TOTP_CODE_PATTERN.test(code)) {
      setProblem(TOTP_CODE_INVALID);
      input.focus();
      return;
    }
    setProblem(null);
    try {
      await confirm.mutateAsync(code);
      onConfirmed();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      input.select();
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Scan this QR code with your authenticator app, then enter the 6-digit code the app shows.
      </p>
      <div className="flex justify-center">
        {qr ? (
          <img src={qr} width={200} height={200} alt="QR code to scan with your authenticator app" />
        ) : (
          <Spinner className="size-[200px]" label="Making the QR code" />
        )}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary">Cannot scan it? Enter the key by hand</summary>
        <p className="mt-2 text-muted-foreground">In your app, add an account with this key (time based):</p>
        <p className="mt-1 break-all font-mono select-all" data-testid="two-factor-key">
          {keyOf(totpURI)}
        </p>
      </details>
      <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
        <div className="space-y-2">
          <Label htmlFor={id}>Code from the app</Label>
          <Input
            id={id}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            autoFocus
            className="text-lg tracking-widest"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Verifying...' : 'Turn on two-factor sign-in'}
        </Button>
      </form>
    </div>
  );
}
