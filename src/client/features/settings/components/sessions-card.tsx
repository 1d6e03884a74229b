import { formatDistanceToNow } from 'date-fns';
import { Monitor } from 'lucide-react';
import { toast } from '@/lib/toast';
import { LoadError } from '@/components/load-error';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { SessionItem } from '#shared/schemas/settings';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

const failed = (what: string) => (err: unknown) =>
  toast.error(what, { description: err instanceof Error ? err.message : String(err) });

/**
 * Where the person is signed in (issue 17): each session's browser and system, address and
 * last activity, "This device" for the one in use; any other can be ended, or all of them.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const onEndOthers = async () => {
    try {
      const ended = await endOthers.mutateAsync();
      toast.success('Signed out everywhere else', {
        description: `${ended} ${ended === 1 ? 'session was' : 'sessions were'} ended.`,
      });
    } catch (err) {
      failed('Failed to sign out the other sessions')(err);
    }
  };

  return (
    <Card role="region" aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title" className="text-xl">
          Where You Are Signed In
        </CardTitle>
        <CardDescription>End a session you do not recognise, or one on a device you no longer have.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sessions.isPending ? (
          <Spinner className="py-6" />
        ) : sessions.isError ? (
          <LoadError
            title="Failed to load your sessions"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Sessions">
            {sessions.data.map((item) => (
              <SessionRow key={item.id} item={item} />
            ))}
          </ul>
        )}
        <ConfirmAction
          trigger={
            <Button variant="outline" disabled={others === 0 || endOthers.isPending}>
              Sign out all other sessions
            </Button>
          }
          title="Sign out all other sessions?"
          description="Every other browser and device signed in to your account is signed out at once. This one stays signed in."
          confirmLabel="Sign out others"
          onConfirm={() => void onEndOthers()}
        />
      </CardContent>
    </Card>
  );
}

function SessionRow({ item }: { item: SessionItem }) {
  const end = useEndSession();
  const device = item.device ?? 'Unknown browser';
  const onEnd = async () => {
    try {
      await end.mutateAsync(item.id);
      toast.success('Session ended', { description: `${device} was signed out.` });
    } catch (err) {
      failed('Failed to end the session')(err);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Monitor className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {device}
          {item.current && <Badge variant="secondary">This device</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {[
            item.ipAddress,
            item.current
              ? 'active now'
              : `active ${formatDistanceToNow(new Date(item.lastActiveAt), { addSuffix: true })}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!item.current && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onEnd()}
          disabled={end.isPending}
          aria-label={`End session: ${device}`}
        >
          End
        </Button>
      )}
    </li>
  );
}
