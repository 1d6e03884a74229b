import { ShieldAlert } from 'lucide-react';
import { useMe } from '@/features/auth/api/get-me';

/**
 * Shown to an account without a role (never made a coordinator, or removed; D4): Settings is
 * all it can reach, and it should know why rather than wonder where the rest went.
 */
export function NoAccessNotice() {
  const { data: me } = useMe();
  if (me?.role !== 'none') return null;
  return (
    <div
      role="status"
      className="mb-6 flex max-w-2xl items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Your account has no access to the portal's features</p>
        <p className="mt-1">
          An admin must give you access. Until then you can change your name, password and notification settings here.
          This page updates by itself when access is given.
        </p>
      </div>
    </div>
  );
}
