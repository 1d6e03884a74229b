import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/features/auth/api/get-me';
import { landingPath } from '#shared/navigation';
import { toast } from '@/lib/toast';
import { FEATURE_LABELS, type Feature } from '#shared/permissions';

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
  // Whether this page's feature was held while it was shown: losing it then is an admin's
  // switch, which the person is told of before the page goes (issue 27 item 5).
  const [held, setHeld] = useState(false);
  if (me?.permissions[feature] && !held) setHeld(true);
  if (isPending) return <Spinner className="min-h-[50vh]" label="Loading permissions" />;
  // A temporary password to replace or a required second factor comes before any page.
  if (me?.setup) return <Navigate to="/account-setup" replace />;
  if (me && held && !me.permissions[feature])
    return <AccessRemoved feature={feature} roleRemoved={me.role === 'none'} to={landingPath(me.permissions)} />;
  if (me && !me.permissions[feature]) return <NoAccess feature={feature} />;
  if (!me) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/auth" replace state={hadSession ? undefined : { from }} />;
  }
  return children;
}

/**
 * A signed-in person at a page they do not hold (an address typed or kept): to /auth as D3
 * says, which sends them on to their own landing page, saying why. They landed on the
 * dashboard without a word and could not tell whether the page existed.
 */
function NoAccess({ feature }: { feature: Feature }) {
  // The admin area is the face of User Management (permissions.ts).
  const label =
    feature === 'admin'
      ? FEATURE_LABELS.user_management
      : ((FEATURE_LABELS as Partial<Record<Feature, string>>)[feature] ?? feature);
  useEffect(() => {
    toast.info('No access to that page', {
      id: 'no-access',
      description: `${label} is not among your permissions. An administrator can give it to you.`,
    });
  }, [label]);
  return <Navigate to="/auth" replace />;
}

/**
 * Says which access an admin took away, then moves the person to a page they still hold. A
 * removed coordinator lost every feature at once, not the one of this page.
 */
function AccessRemoved({ feature, roleRemoved, to }: { feature: Feature; roleRemoved: boolean; to: string }) {
  const label = (FEATURE_LABELS as Partial<Record<Feature, string>>)[feature] ?? feature;
  useEffect(() => {
    toast.info('Access changed', {
      description: roleRemoved
        ? 'An administrator removed your coordinator access, so you can reach only your own settings.'
        : `An administrator turned off ${label} for you, so this page is closed.`,
    });
  }, [label, roleRemoved]);
  return <Navigate to={to} replace />;
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
