import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { landingPath } from '#shared/navigation';
import type { Feature } from '#shared/permissions';

/**
 * Shows a spinner while permissions load; without a session or the permission, replaces the
 * history entry with /auth (D3), remembering the page asked for so sign-in can return to it.
 */
export function RequireFeature({ feature, children }: { feature: Feature; children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  // A session that ends while its page is shown (sign-out, a password changed elsewhere) is
  // not a visitor asking for this page: the next person to sign in must not be sent here.
  // Sign-out's own navigation to /auth is a transition that can land after this guard.
  const [hadSession, setHadSession] = useState(false);
  if (me && !hadSession) setHadSession(true);
  if (isPending) return <Spinner className="min-h-[50vh]" label="Loading permissions" />;
  // A temporary password to replace or a required second factor comes before any page.
  if (me?.setup) return <Navigate to="/account-setup" replace />;
  if (!me || !me.permissions[feature]) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/auth" replace state={me || hadSession ? undefined : { from }} />;
  }
  return children;
}

/** The sign-in screen for signed-out people; a signed-in person goes to their landing page. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <Spinner className="min-h-screen" />;
  if (me) {
    const state = location.state as { from?: string; signedOut?: boolean } | null;
    // Arriving from a sign-out, whose session is forgotten a moment later: keep showing the
    // sign-in page (which then navigates by itself after the next sign-in) instead of
    // sending the signed-out person back in.
    if (state?.signedOut) return children;
    if (me.setup) return <Navigate to="/account-setup" replace />;
    return <Navigate to={landingPath(me.permissions, state?.from)} replace />;
  }
  return children;
}
