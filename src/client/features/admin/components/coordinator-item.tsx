import { Trash2, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { OnboardingProgress } from '@/features/onboarding/widgets/onboarding-progress';
import {
  ADMIN_GRANTED,
  FEATURE_LABELS,
  SWITCHABLE_FEATURES,
  removalRefusal,
  switchRefusal,
  type AccessRole,
  type Permissions,
  type SwitchableFeature,
} from '#shared/permissions';
import { useAddCoordinator } from '../api/add-coordinator';
import type { Coordinator } from '../api/list-coordinators';
import { useRemoveCoordinator } from '../api/remove-coordinator';
import { useUpdatePermission } from '../api/update-permission';

/** Who is looking: what they may switch for others (`switchRefusal`). */
type Viewer = { role: AccessRole; permissions: Permissions } | null;

export function CoordinatorItem({
  coordinator,
  isSelf,
  viewer,
}: {
  coordinator: Coordinator;
  isSelf: boolean;
  viewer: Viewer;
}) {
  if (coordinator.role === 'none') return <NoAccessItem person={coordinator} />;
  const headingId = `coordinator-${coordinator.id}`;
  const noteId = `${headingId}-locked`;
  // A switch the server would refuse to turn is shown locked, and the card says why (a
  // coordinator with user management met switches that looked usable and only failed).
  const locked = (feature: SwitchableFeature) =>
    viewer ? switchRefusal(viewer, feature, !coordinator.permissions[feature]) : null;
  const lockedFeatures = isSelf ? [] : SWITCHABLE_FEATURES.filter((feature) => locked(feature));
  const adminOnly = lockedFeatures.filter((feature) => ADMIN_GRANTED.includes(feature));
  const notTheirs = lockedFeatures.filter((feature) => !ADMIN_GRANTED.includes(feature));
  return (
    <li className="rounded-lg border p-4" aria-labelledby={headingId} data-access="coordinator">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={headingId}
            tabIndex={-1}
            className="rounded-sm font-semibold break-words focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {coordinator.email}
          </h3>
          {coordinator.name && <p className="text-sm break-words text-muted-foreground">{coordinator.name}</p>}
          {coordinator.deactivated && <DeactivatedNote />}
          <OnboardingProgress userId={coordinator.id} email={coordinator.email} />
        </div>
        {isSelf ? (
          <Badge variant="secondary">You</Badge>
        ) : (
          <RemoveCoordinatorButton
            coordinator={coordinator}
            refusal={viewer ? removalRefusal(viewer, coordinator) : null}
          />
        )}
      </div>
      <div
        role="group"
        aria-label={`Permissions for ${coordinator.email}`}
        className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        {SWITCHABLE_FEATURES.map((feature) => (
          <PermissionSwitch
            key={feature}
            coordinator={coordinator}
            feature={feature}
            disabled={isSelf || lockedFeatures.includes(feature)}
            describedBy={lockedFeatures.includes(feature) ? noteId : undefined}
          />
        ))}
      </div>
      {isSelf && <p className="mt-3 text-xs text-muted-foreground">You cannot change your own permissions.</p>}
      {lockedFeatures.length > 0 && (
        <p id={noteId} className="mt-3 text-xs text-muted-foreground">
          {adminOnly.length > 0 && `Only an admin can change ${listOf(adminOnly)}.`}
          {adminOnly.length > 0 && notTheirs.length > 0 && ' '}
          {notTheirs.length > 0 && `You can give only what you have yourself, so not ${listOf(notTheirs)}.`}
        </p>
      )}
    </li>
  );
}

/**
 * An account without a role (never made a coordinator, or removed): it can only reach its own
 * Settings (D4) until it is given access here.
 */
function NoAccessItem({ person }: { person: Coordinator }) {
  const headingId = `coordinator-${person.id}`;
  const add = useAddCoordinator();
  const onGiveAccess = async () => {
    try {
      await add.mutateAsync({ email: person.email });
      void focusPerson(person.id, 'coordinator');
      toast.success('Coordinator added successfully', {
        description: `${person.email} is now in the coordinator list.`,
      });
    } catch (err) {
      toast.error('Failed to add coordinator', { description: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <li className="rounded-lg border border-dashed p-4" aria-labelledby={headingId} data-access="none">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={headingId}
            tabIndex={-1}
            className="rounded-sm font-semibold break-words focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {person.email}
          </h3>
          {person.name && <p className="text-sm break-words text-muted-foreground">{person.name}</p>}
          {person.deactivated && <DeactivatedNote />}
          <p className="mt-1 text-sm text-muted-foreground">
            <Badge variant="outline" className="mr-2">
              No access
            </Badge>
            Can sign in and change their own settings only.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={add.isPending}
          onClick={() => void onGiveAccess()}
          aria-label={`Add ${person.email} as a coordinator`}
        >
          <UserPlus aria-hidden="true" />
          {add.isPending ? 'Adding...' : 'Add as coordinator'}
        </Button>
      </div>
    </li>
  );
}

/** "Giving Records and User Management", "Chat, Files and Tasks". */
const listOf = (features: SwitchableFeature[]) => {
  const labels = features.map((feature) => FEATURE_LABELS[feature]);
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};

/**
 * A deactivated account (Admin > Accounts, decision 0104) cannot sign in, whatever its switches
 * say: the card says so, so that nobody turns a switch on expecting the person to get access.
 */
function DeactivatedNote() {
  return (
    <p className="mt-1 text-sm text-muted-foreground">
      <Badge variant="secondary" className="mr-2">
        Deactivated
      </Badge>
      Cannot sign in until reactivated under{' '}
      <Link to="/admin/accounts" className="text-primary underline-offset-4 hover:underline">
        Accounts
      </Link>
      .
    </p>
  );
}

function PermissionSwitch({
  coordinator,
  feature,
  disabled,
  describedBy,
}: {
  coordinator: Coordinator;
  feature: SwitchableFeature;
  disabled: boolean;
  /** The note saying why the switch is locked. */
  describedBy?: string;
}) {
  const update = useUpdatePermission();
  const id = `permission-${coordinator.id}-${feature}`;
  const label = FEATURE_LABELS[feature];

  const onChange = async (enabled: boolean) => {
    try {
      await update.mutateAsync({ userId: coordinator.id, feature, enabled });
      toast.success('Permission updated', {
        description: `${label} ${enabled ? 'enabled' : 'disabled'} for ${coordinator.email}`,
      });
    } catch (err) {
      toast.error('Failed to update permission', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <div className="flex items-center justify-between gap-3 rounded-md bg-muted/50 px-3 py-2">
      <Label htmlFor={id} className="text-sm">
        {label}
      </Label>
      <Switch
        id={id}
        checked={coordinator.permissions[feature]}
        onCheckedChange={(enabled) => void onChange(enabled)}
        disabled={disabled}
        aria-describedby={describedBy}
        pending={update.isPending}
      />
    </div>
  );
}

/** Remove, or (when the server would refuse it) the button locked with the reason under it. */
function RemoveCoordinatorButton({ coordinator, refusal }: { coordinator: Coordinator; refusal: string | null }) {
  const remove = useRemoveCoordinator();
  const refusalId = `remove-${coordinator.id}-locked`;
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(coordinator.id);
      void focusPerson(coordinator.id, 'none');
      toast.success('Coordinator removed', { description: `${coordinator.email} is no longer a coordinator.` });
    } catch (err) {
      toast.error('Failed to remove coordinator', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  if (refusal) {
    return (
      <div className="flex max-w-56 flex-col items-end gap-1 text-right">
        <Button
          variant="outline"
          size="sm"
          disabled
          aria-label={`Remove ${coordinator.email}`}
          aria-describedby={refusalId}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
        <p id={refusalId} className="text-xs text-muted-foreground">
          {refusal}
        </p>
      </div>
    );
  }
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size="sm" disabled={remove.isPending} aria-label={`Remove ${coordinator.email}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      }
      title="Remove coordinator?"
      description={`${coordinator.email} loses access to every feature at once, in every open window, and keeps only their own settings. The account stays listed here with no access; adding them again restores the switches they had, except User Management, Giving Records and any the person adding them does not have.`}
      confirmLabel="Remove"
      onConfirm={() => void onConfirm()}
    />
  );
}

/**
 * Removing a coordinator or giving access draws the person's entry anew, in the other list, and
 * the button pressed goes with the old one: the focus follows the person to their new entry
 * (its name), instead of falling to the page.
 */
const focusPerson = (id: string, access: 'coordinator' | 'none') =>
  focusWhenDrawn(() => document.querySelector<HTMLElement>(`li[data-access="${access}"] h3[id="coordinator-${id}"]`));
