import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoney } from '@/features/organization/api/use-money';
import { ApiError } from '@/lib/api';
import { useLinkUnlinked, useUnlinkedGifts, type UnlinkedGroup } from '../api/unlinked-gifts';
import { PartnerNameCombobox } from './partner-name-combobox';

interface Choice {
  partnerId: string | null;
  partnerName: string;
  checked: boolean;
}

/**
 * "Gifts without a partner" (issue 19 item 3): each name typed on gifts that no partner holds,
 * with the partner suggested (by email, then by a name only one partner has) ticked, or one to
 * pick; the ticked names are linked at once.
 */
export function UnlinkedGiftsDialog() {
  const [open, setOpen] = useState(false);
  const groups = useUnlinkedGifts(open);
  const link = useLinkUnlinked();
  // What the person chose, by group; a group not touched follows its suggestion.
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const choiceOf = (group: UnlinkedGroup): Choice =>
    choices[group.key] ?? {
      partnerId: group.suggestion?.id ?? null,
      partnerName: group.suggestion?.name ?? '',
      checked: group.suggestion !== null,
    };
  const chosen = (groups.data?.groups ?? [])
    .map((group) => ({ group, choice: choiceOf(group) }))
    .filter(({ choice }) => choice.checked && choice.partnerId);

  const submit = async () => {
    try {
      const result = await link.mutateAsync({
        links: chosen.map(({ group, choice }) => ({ key: group.key, partnerId: choice.partnerId! })),
      });
      toast.success('Gifts linked', {
        description: `${result.linked} ${result.linked === 1 ? 'gift' : 'gifts'} linked to ${result.partners} ${result.partners === 1 ? 'partner' : 'partners'}.`,
      });
      setChoices({});
    } catch (err) {
      toast.error('The gifts could not be linked', {
        description: err instanceof ApiError ? err.message : 'Please try again.',
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setChoices({});
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Link2 aria-hidden="true" />
          Gifts without a partner
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Gifts without a partner</DialogTitle>
          <DialogDescription>
            Gifts recorded under a name no partner is linked to. Tick a name to link all of its gifts to the partner
            shown, or pick one.
          </DialogDescription>
        </DialogHeader>
        {groups.isPending && <Skeleton className="h-32 w-full" />}
        {groups.isError && (
          <LoadError title="The gifts could not be loaded" error={groups.error} onRetry={() => groups.refetch()} />
        )}
        {groups.data && groups.data.groups.length === 0 && (
          <p className="py-6 text-center text-muted-foreground">Every gift is linked to a partner.</p>
        )}
        {groups.data && groups.data.groups.length > 0 && (
          <ul className="divide-y" data-testid="unlinked-groups">
            {groups.data.groups.map((group) => (
              <GroupRow
                key={group.key}
                group={group}
                choice={choiceOf(group)}
                onChange={(choice) => setChoices((all) => ({ ...all, [group.key]: choice }))}
              />
            ))}
          </ul>
        )}
        {groups.data && groups.data.count > groups.data.groups.length && (
          <p className="text-xs text-muted-foreground">
            Showing the {groups.data.groups.length} names with the most gifts of {groups.data.count}.
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
          <Button disabled={chosen.length === 0 || link.isPending} onClick={() => void submit()}>
            {link.isPending ? 'Linking...' : `Link ${chosen.length} ${chosen.length === 1 ? 'name' : 'names'}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function GroupRow({
  group,
  choice,
  onChange,
}: {
  group: UnlinkedGroup;
  choice: Choice;
  onChange: (choice: Choice) => void;
}) {
  const id = useId();
  const money = useMoney();
  const how = group.suggestion?.matchedBy === 'email' ? 'same email' : 'same name';
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[auto_1fr_1fr] sm:items-center" data-testid="unlinked-group">
      <Checkbox
        id={`${id}-link`}
        checked={choice.checked}
        disabled={!choice.partnerId}
        aria-label={`Link the gifts of ${group.name}`}
        onCheckedChange={(checked) => onChange({ ...choice, checked: checked === true })}
      />
      <label htmlFor={`${id}-link`} className="text-sm">
        <span className="font-medium [overflow-wrap:anywhere]">{group.name}</span>
        <span className="block text-muted-foreground">
          {group.gifts} {group.gifts === 1 ? 'gift' : 'gifts'}, {money.format(group.total)}
        </span>
      </label>
      <div className="text-sm">
        <PartnerNameCombobox
          id={`${id}-partner`}
          value={choice.partnerName}
          linked={Boolean(choice.partnerId)}
          invalid={false}
          hints={{
            linked:
              group.suggestion && choice.partnerId === group.suggestion.id ? `Suggested: ${how}.` : 'Partner chosen.',
            unlinked: 'Pick the partner these gifts are from.',
          }}
          onChange={(name, partner) =>
            onChange({ partnerId: partner?.id ?? null, partnerName: name, checked: Boolean(partner) })
          }
        />
      </div>
    </li>
  );
}
