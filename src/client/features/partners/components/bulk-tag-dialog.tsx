import { TagsIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { PartnerFilters } from '../api/list-partners';
import { useBulkTag, usePartnerCount, useTags, type BulkTagResult } from '../api/partner-tags';
import { ConfirmButton } from '@/components/confirm-action';

const partnersText = (n: number) => (n === 1 ? '1 partner' : `${n} partners`);

function outcome(action: 'tag' | 'untag', tag: string, result: BulkTagResult): string {
  const done =
    action === 'tag'
      ? `"${tag}" added to ${partnersText(result.changed)}`
      : `"${tag}" taken off ${partnersText(result.changed)}`;
  return result.skipped > 0 ? `${done}; ${partnersText(result.skipped)} skipped (already at 50 tags)` : done;
}

/**
 * "Tag all" / "Untag all" (issue 20): one tag on or off every partner the directory's filters
 * match, not only the loaded page, after a confirmation naming how many.
 */
export function BulkTagDialog({ filters }: { filters: PartnerFilters }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const tags = useTags();
  const count = usePartnerCount(filters, open);
  const bulk = useBulkTag();
  const [tagId, setTagId] = useState('');
  const tag = tags.data?.find((t) => t.id === tagId);
  const matched = count.data;

  const run = async (action: 'tag' | 'untag') => {
    if (!tag) return;
    try {
      const result = await bulk.mutateAsync({ tagId: tag.id, action, filters });
      toast.success(action === 'tag' ? 'Partners tagged' : 'Partners untagged', {
        description: outcome(action, tag.name, result),
      });
      setOpen(false);
    } catch (err) {
      toast.error(action === 'tag' ? 'Failed to tag partners' : 'Failed to untag partners', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  };

  const ready = tag !== undefined && matched !== undefined && matched > 0 && !bulk.isPending;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <TagsIcon aria-hidden="true" />
          Tag all
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Tag or untag every listed partner</DialogTitle>
          <DialogDescription>
            {count.isPending
              ? 'Counting the partners...'
              : count.isError
                ? `The partners could not be counted: ${count.error.message}`
                : `${partnersText(matched ?? 0)} ${matched === 1 ? 'matches' : 'match'} the current search and filters, including those not loaded yet.`}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor={`${ids}-tag`}>Tag</Label>
          <NativeSelect id={`${ids}-tag`} value={tagId} onChange={(e) => setTagId(e.target.value)}>
            <option value="">Choose a tag</option>
            {(tags.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <ConfirmButton
            variant="outline"
            disabled={!ready}
            title="Untag all?"
            description={`Take "${tag?.name ?? ''}" off all ${partnersText(matched ?? 0)} matching the current filters?`}
            confirmLabel="Untag all"
            onConfirm={() => void run('untag')}
          >
            Untag all
          </ConfirmButton>
          <ConfirmButton
            variant="default"
            disabled={!ready}
            title="Tag all?"
            description={`Add "${tag?.name ?? ''}" to all ${partnersText(matched ?? 0)} matching the current filters? Partners already at 50 tags are skipped.`}
            confirmLabel="Tag all"
            onConfirm={() => void run('tag')}
          >
            Tag all
          </ConfirmButton>
        </div>
      </DialogContent>
    </Dialog>
  );
}
