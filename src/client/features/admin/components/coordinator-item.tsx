import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { FEATURE_LABELS, SWITCHABLE_FEATURES, type SwitchableFeature } from '../../../../shared/permissions';
import type { Coordinator } from '../api/list-coordinators';
import { useRemoveCoordinator } from '../api/remove-coordinator';
import { useUpdatePermission } from '../api/update-permission';

export function CoordinatorItem({ coordinator, isSelf }: { coordinator: Coordinator; isSelf: boolean }) {
  const headingId = `coordinator-${coordinator.id}`;
  return (
    <li className="rounded-lg border p-4" aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold">
            {coordinator.email}
          </h3>
          {coordinator.name && <p className="truncate text-sm text-muted-foreground">{coordinator.name}</p>}
        </div>
        {isSelf ? <Badge variant="secondary">You</Badge> : <RemoveCoordinatorButton coordinator={coordinator} />}
      </div>
      <div
        role="group"
        aria-label={`Permissions for ${coordinator.email}`}
        className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        {SWITCHABLE_FEATURES.map((feature) => (
          <PermissionSwitch key={feature} coordinator={coordinator} feature={feature} disabled={isSelf} />
        ))}
      </div>
      {isSelf && <p className="mt-3 text-xs text-muted-foreground">You cannot change your own permissions.</p>}
    </li>
  );
}

function PermissionSwitch({
  coordinator,
  feature,
  disabled,
}: {
  coordinator: Coordinator;
  feature: SwitchableFeature;
  disabled: boolean;
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
        disabled={disabled || update.isPending}
      />
    </div>
  );
}

function RemoveCoordinatorButton({ coordinator }: { coordinator: Coordinator }) {
  const remove = useRemoveCoordinator();
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(coordinator.id);
      toast.success('Coordinator removed', { description: `${coordinator.email} is no longer a coordinator.` });
    } catch (err) {
      toast.error('Failed to remove coordinator', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={remove.isPending} aria-label={`Remove ${coordinator.email}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove coordinator?</AlertDialogTitle>
          <AlertDialogDescription>
            {coordinator.email} will no longer be listed as a coordinator and loses user management. The account stays
            and can still sign in; features switched off stay off.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => void onConfirm()}>Remove</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
