import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signInToasts } from '../lib/sign-in-toasts';
import { TOTP_CODE_INVALID, TOTP_CODE_PATTERN, withoutSpaces } from '#shared/two-factor-code';
import { useVerifySecondFactor, type SecondFactor } from '../api/sign-in';
import type { Me } from '../api/get-me';

const COPY: Record<SecondFactor, { label: string; hint: string; switchTo: string }> = {
  authenticator: {
    label: 'Authentication code',
    hint: 'Open your authenticator app and enter the 6-digit code it shows for this portal.',
    switchTo: 'Use a recovery code instead',
  },
  'recovery-code': {
    label: 'Recovery code',
    hint: 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.',
    switchTo: 'Use the authenticator app instead',
  },
};

/**
 * The second step of a sign-in with two-factor sign-in on: a code from the app, or a recovery
 * code. Light on purpose (no form library, no zod): it ships with the sign-in screen.
 */
export function SecondFactorForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (me: Me | null) => void;
  onRestart: () => void;
}) {
  const [kind, setKind] = useState<SecondFactor>('authenticator');
  const verify = useVerifySecondFactor();
  const copy = COPY[kind];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement;
    const code = withoutSpaces(input.value);
    const problem =
      kind === 'authenticator'
        ? TOTP_CODE_PATTERN.test(code)
          ? undefined
          : TOTP_CODE_INVALID
        : code
          ? undefined
          : 'Enter one of your recovery codes.';
    if (problem) {
      input.focus();
      signInToasts.error('Sign in failed', { description: problem });
      return;
    }
    try {
      const me = await verify.mutateAsync({ kind, code });
      signInToasts.dismiss();
      onSignedIn(me);
    } catch (err) {
      input.select();
      signInToasts.error('Sign in failed', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="space-y-2">
        <Label htmlFor="second-factor-code">{copy.label}</Label>
        <Input
          key={kind}
          id="second-factor-code"
          name="code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={kind === 'authenticator' ? 'numeric' : 'text'}
          maxLength={kind === 'authenticator' ? 9 : 40}
          aria-describedby="second-factor-hint"
          className={kind === 'authenticator' ? 'text-lg tracking-widest' : 'font-mono'}
        />
        <p id="second-factor-hint" className="text-sm text-muted-foreground">
          {copy.hint}
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => setKind(kind === 'authenticator' ? 'recovery-code' : 'authenticator')}
        >
          {copy.switchTo}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onRestart}>
          Start over
        </Button>
      </div>
    </form>
  );
}
