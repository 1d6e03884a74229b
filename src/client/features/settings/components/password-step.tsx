import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * "Enter your password to continue": before two-factor sign-in is set up, turned off or given
 * new recovery codes. The server checks it (on the sign-in throttle) and says what is wrong.
 */
export function PasswordStep({
  submitLabel,
  pendingLabel,
  onSubmit,
  destructive = false,
}: {
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (password: string) => Promise<void>;
  destructive?: boolean;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('password') as HTMLInputElement;
    if (!input.value) {
      setProblem('Please enter your password');
      input.focus();
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      await onSubmit(input.value);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      input.select();
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="space-y-2">
        <Label htmlFor={id}>Your password</Label>
        <Input
          id={id}
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
