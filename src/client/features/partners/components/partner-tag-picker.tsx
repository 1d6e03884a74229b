import { Plus, Tags } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useInPlaceEditor } from '@/lib/use-in-place-editor';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TAG_LIMITS, type TagColour } from '#shared/partners';
import { tagSchema } from '#shared/schemas/partner-tags';
import { useCreateTag, useSetPartnerTags, useTags } from '../api/partner-tags';
import { TagList } from './tag-badge';
import { matchesSearch } from '#shared/search-fold';

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A partner's tags in details, with a picker that can also create a tag (issue 20). */
export function PartnerTagPicker({
  partnerId,
  tags,
}: {
  partnerId: string;
  tags: readonly { id: string; name: string; colour: TagColour }[];
}) {
  // Saved, cancelled or left with Escape: the focus goes back to Edit tags, not to the page's body.
  const [editing, setEditing, done, editButton] = useInPlaceEditor();
  return (
    <section aria-label="Tags" className="space-y-2">
      <div className="flex items-center gap-2">
        <h3 className="text-sm text-muted-foreground">Tags</h3>
        {!editing && (
          <Button ref={editButton} variant="ghost" size="sm" onClick={() => setEditing(true)}>
            <Tags aria-hidden="true" />
            Edit tags
          </Button>
        )}
      </div>
      {editing ? (
        <TagEditor partnerId={partnerId} current={tags.map((tag) => tag.id)} onDone={done} />
      ) : tags.length > 0 ? (
        <TagList tags={tags} />
      ) : (
        <p className="text-sm text-muted-foreground">No tags</p>
      )}
    </section>
  );
}

function TagEditor({ partnerId, current, onDone }: { partnerId: string; current: string[]; onDone: () => void }) {
  const ids = useId();
  const tags = useTags();
  const createTag = useCreateTag();
  const setTags = useSetPartnerTags();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(current));
  const [text, setText] = useState('');
  const typed = text.trim();
  const shown = (tags.data ?? []).filter((tag) => matchesSearch(typed, tag.name));
  const exact = (tags.data ?? []).some((tag) => tag.name.toLowerCase() === typed.toLowerCase());

  const toggle = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const create = async () => {
    const parsed = tagSchema.safeParse({ name: typed });
    if (!parsed.success) {
      toast.error('Failed to create tag', { description: parsed.error.issues[0]?.message });
      return;
    }
    try {
      const tag = await createTag.mutateAsync(parsed.data);
      toggle(tag.id, true);
      setText('');
    } catch (err) {
      toast.error('Failed to create tag', { description: failure(err) });
    }
  };

  const save = async () => {
    if (chosen.size > TAG_LIMITS.perPartner) {
      toast.error('Failed to save tags', { description: `A partner can have at most ${TAG_LIMITS.perPartner} tags` });
      return;
    }
    try {
      await setTags.mutateAsync({ partnerId, tagIds: [...chosen] });
      toast.success('Tags saved');
      onDone();
    } catch (err) {
      toast.error('Failed to save tags', { description: failure(err) });
    }
  };

  return (
    <div
      className="space-y-3 rounded-lg border p-3"
      // Escape belongs to the editor, not to the partner's dialog around it (FormDialogContent):
      // it first clears what was typed in the search, then cancels the editor, the choices with it.
      data-own-escape
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        if (text) setText('');
        else onDone();
      }}
    >
      <div className="flex gap-2">
        <Label htmlFor={`${ids}-find`} className="sr-only">
          Find or create a tag
        </Label>
        <Input
          id={`${ids}-find`}
          placeholder="Find or create a tag..."
          // Opened from Edit tags, which goes away: the focus starts here, inside the editor
          // whose Escape cancels it, not on the partner's dialog, whose Escape closes it all.
          autoFocus
          value={text}
          maxLength={TAG_LIMITS.name + 10}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && typed && !exact) {
              e.preventDefault();
              void create();
            }
          }}
        />
        {typed && !exact && (
          <Button type="button" variant="outline" onClick={() => void create()} disabled={createTag.isPending}>
            <Plus aria-hidden="true" />
            Create tag
          </Button>
        )}
      </div>
      {tags.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading tags...
        </p>
      ) : tags.isError ? (
        <p role="alert" className="text-sm">
          The tags could not be loaded: {tags.error.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {typed ? 'No tag matches' : 'No tags yet: type a name to create one'}
        </p>
      ) : (
        <ul className="grid max-h-48 gap-2 overflow-y-auto sm:grid-cols-2" aria-label="Choose tags">
          {shown.map((tag) => (
            <li key={tag.id} className="flex items-center gap-2">
              <Checkbox
                id={`${ids}-${tag.id}`}
                checked={chosen.has(tag.id)}
                onCheckedChange={(on) => toggle(tag.id, on === true)}
              />
              <Label htmlFor={`${ids}-${tag.id}`} className="truncate font-normal">
                {tag.name}
              </Label>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void save()} disabled={setTags.isPending}>
          {setTags.isPending ? 'Saving...' : 'Save tags'}
        </Button>
      </div>
    </div>
  );
}
