import { useQuery } from '@tanstack/react-query';
import { Merge } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { MERGE_FIELD_LABELS, MERGE_FIELDS, type MergeField } from '#shared/schemas/partner-merge';
import { listPartners, type Partner } from '../api/list-partners';
import { useMergePartners } from '../api/merge-partners';

type Side = 'survivor' | 'merged';

/** A field's value as the choice shows it. */
function shown(field: MergeField, partner: Partner): string {
  const value = partner[field];
  if (field === 'cardholderStatus') return value ? 'Cardholder' : 'Not a cardholder';
  if (field === 'status') return value === 'active' ? 'Active' : 'Inactive';
  return typeof value === 'string' && value !== '' ? value : 'Not given';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Merge…" on a partner (admins, issue 20 item 6): find the duplicate, choose for each field that
 * differs which value stays, and merge it into this partner. The duplicate's gifts, contacts,
 * tasks, tags and cardholder chat move here and the duplicate is removed; the dialog says so
 * before the one button that does it.
 */
export function MergePartnersDialog({ partner }: { partner: Partner }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [other, setOther] = useState<Partner | null>(null);
  const [take, setTake] = useState<Partial<Record<MergeField, Side>>>({});
  const merge = useMergePartners();
  const term = search.trim();
  const candidates = useQuery({
    queryKey: ['partners', 'merge-candidates', term],
    queryFn: () => listPartners({ q: term }, null),
    enabled: open && other === null && term.length > 0,
  });
  const differing = other ? MERGE_FIELDS.filter((field) => shown(field, partner) !== shown(field, other)) : [];

  const reset = () => {
    setSearch('');
    setOther(null);
    setTake({});
  };

  const submit = async () => {
    if (!other) return;
    try {
      const result = await merge.mutateAsync({ survivorId: partner.id, mergedId: other.id, take });
      const { gifts = 0, contacts = 0, tasks = 0 } = result.moved;
      toast.success('Partners merged', {
        description: `${other.name} (${other.email}) was merged into ${result.partner.name}: ${plural(gifts, 'gift', 'gifts')}, ${plural(contacts, 'contact', 'contacts')} and ${plural(tasks, 'task', 'tasks')} moved.`,
      });
      setOpen(false);
      reset();
    } catch (err) {
      toast.error('The partners could not be merged', {
        description: err instanceof ApiError ? err.message : 'Please try again.',
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Merge aria-hidden="true" />
          Merge…
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Merge a duplicate into {partner.name}</DialogTitle>
          <DialogDescription>
            The duplicate's gifts, contacts, tasks, tags and cardholder chat move to {partner.name}, and the duplicate
            is removed.
          </DialogDescription>
        </DialogHeader>
        {other === null ? (
          <div className="space-y-2">
            <Label htmlFor={`${ids}-search`}>Find the duplicate</Label>
            <Input
              id={`${ids}-search`}
              type="search"
              placeholder="Name, email or location"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoFocus
            />
            {candidates.isFetching && <p className="text-sm text-muted-foreground">Searching...</p>}
            {candidates.isError && <p className="text-sm text-destructive">The search failed. Please try again.</p>}
            <ul className="divide-y rounded-md border empty:hidden" aria-label="Matching partners">
              {(candidates.data?.partners ?? [])
                .filter((candidate) => candidate.id !== partner.id)
                .slice(0, 8)
                .map((candidate) => (
                  <li key={candidate.id}>
                    <button
                      type="button"
                      className="w-full px-3 py-2 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                      onClick={() => setOther(candidate)}
                    >
                      <span className="font-medium">{candidate.name}</span>{' '}
                      <span className="text-sm text-muted-foreground">{candidate.email}</span>
                    </button>
                  </li>
                ))}
            </ul>
            {candidates.data && term && candidates.data.partners.every((c) => c.id === partner.id) && (
              <p className="text-sm text-muted-foreground">No other partner matches.</p>
            )}
          </div>
        ) : (
          <div className="space-y-4">
            <p>
              Merging <strong>{other.name}</strong> ({other.email}) into <strong>{partner.name}</strong>.{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => setOther(null)}>
                Choose another
              </Button>
            </p>
            {differing.length === 0 ? (
              <p className="text-sm text-muted-foreground">Their details are the same.</p>
            ) : (
              differing.map((field) => (
                <fieldset key={field} className="space-y-1">
                  <legend className="text-sm font-medium">{MERGE_FIELD_LABELS[field]}</legend>
                  <div className="grid gap-1 sm:grid-cols-2">
                    {(['survivor', 'merged'] as const).map((side) => (
                      <label key={side} className="flex items-start gap-2 rounded-md border p-2 text-sm">
                        <input
                          type="radio"
                          name={`${ids}-${field}`}
                          className="mt-1"
                          checked={(take[field] ?? 'survivor') === side}
                          onChange={() => setTake((current) => ({ ...current, [field]: side }))}
                        />
                        <span className="min-w-0 break-words">
                          {shown(field, side === 'survivor' ? partner : other)}
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))
            )}
            <p className="text-sm text-destructive">
              {/* The address too: two partners of one name were the case a merge is for. */}
              {other.name} ({other.email}) will be removed. This cannot be undone; the merge is kept in the audit log.
            </p>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={!other || merge.isPending} onClick={submit}>
            {merge.isPending ? 'Merging...' : 'Merge partners'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
