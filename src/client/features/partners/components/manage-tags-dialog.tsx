import { Tags, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { plural } from '@/lib/plural';
import { TAG_COLOURS, TAG_LIMITS, type TagColour } from '#shared/partners';
import { tagSchema } from '#shared/schemas/partner-tags';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag, type TagWithCount } from '../api/partner-tags';
import { TAG_COLOUR_LABELS } from '../lib/tag-colours';
import { ConfirmButton } from '@/components/confirm-action';
import { TagBadge } from './tag-badge';

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));
const partnersCarrying = (n: number) => (n === 1 ? '1 partner carries it' : `${n} partners carry it`);

function ColourSelect({ id, value, onChange }: { id: string; value: TagColour; onChange: (c: TagColour) => void }) {
  return (
    <NativeSelect id={id} className="w-32" value={value} onChange={(e) => onChange(e.target.value as TagColour)}>
      {TAG_COLOURS.map((colour) => (
        <option key={colour} value={colour}>
          {TAG_COLOUR_LABELS[colour]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Parses a tag's fields with the route's schema; says what is wrong otherwise. */
function parsed(name: string, colour: TagColour, failed: string) {
  const result = tagSchema.safeParse({ name, colour });
  if (!result.success) toast.error(failed, { description: result.error.issues[0]?.message });
  return result.success ? result.data : null;
}

function TagRow({ tag }: { tag: TagWithCount }) {
  const ids = useId();
  const [name, setName] = useState(tag.name);
  const [colour, setColour] = useState<TagColour>(tag.colour);
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const changed = name.trim() !== tag.name || colour !== tag.colour;

  const save = async () => {
    if (update.isPending) return;
    const values = parsed(name, colour, 'Failed to update tag');
    if (!values) return;
    try {
      await update.mutateAsync({ id: tag.id, values });
      toast.success('Tag updated');
      // The row is drawn anew with the saved tag, its Save button with it: the focus goes to its name.
      const saved = `${values.name}|${values.colour}`;
      void focusWhenDrawn(() =>
        [...document.querySelectorAll<HTMLElement>('li[data-tag-id]')]
          .find((row) => row.dataset.tagId === tag.id && row.dataset.saved === saved)
          ?.querySelector('input'),
      );
    } catch (err) {
      toast.error('Failed to update tag', { description: failure(err) });
    }
  };

  return (
    <li className="border-b pb-3" data-testid="tag-row" data-tag-id={tag.id} data-saved={`${tag.name}|${tag.colour}`}>
      {/* A form, so Enter in the name saves it as it adds a new tag, and the dialog's guard
          (decision 0156) sees a rename typed and not saved. */}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="min-w-40 flex-1 space-y-1">
          <Label htmlFor={`${ids}-name`} className="flex items-center gap-2">
            <TagBadge tag={{ name: tag.name, colour: tag.colour }} />
            <span className="text-xs text-muted-foreground">{plural(tag.partners, 'partner')}</span>
          </Label>
          <Input
            id={`${ids}-name`}
            value={name}
            maxLength={TAG_LIMITS.name + 10}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${ids}-colour`} className="sr-only">
            Colour of {tag.name}
          </Label>
          <ColourSelect id={`${ids}-colour`} value={colour} onChange={setColour} />
        </div>
        {/* Busy, not disabled, while it saves: a disabled button dropped the focus out of the dialog. */}
        <Button type="submit" variant="outline" disabled={!changed} aria-busy={update.isPending || undefined}>
          Save<span className="sr-only"> {tag.name}</span>
        </Button>
        <ConfirmButton
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Delete tag ${tag.name}`}
          disabled={remove.isPending}
          title={`Delete tag "${tag.name}"?`}
          description={`${partnersCarrying(tag.partners)}. The tag will be taken off every partner; the partners stay.`}
          confirmLabel="Delete tag"
          onConfirm={() =>
            void remove
              .mutateAsync(tag.id)
              .then(() => toast.success('Tag deleted', { description: tag.name }))
              .catch((err: unknown) => toast.error('Failed to delete tag', { description: failure(err) }))
          }
        >
          <Trash2 aria-hidden="true" />
        </ConfirmButton>
      </form>
    </li>
  );
}

/** Create, rename, recolour and delete the directory's tags (everyone with partners, decision 0021). */
export function ManageTagsDialog() {
  const ids = useId();
  const tags = useTags();
  const create = useCreateTag();
  const [name, setName] = useState('');
  const [colour, setColour] = useState<TagColour>('gray');

  // Added or refused (a name taken), the focus goes to the name: for the next tag, or to change it.
  const focusName = () => document.getElementById(`${ids}-new`)?.focus();
  const add = async () => {
    if (create.isPending) return;
    const values = parsed(name, colour, 'Failed to create tag');
    if (!values) return;
    try {
      await create.mutateAsync(values);
      toast.success('Tag created', { description: values.name });
      setName('');
    } catch (err) {
      toast.error('Failed to create tag', { description: failure(err) });
    }
    focusName();
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Tags aria-hidden="true" />
          Manage tags
        </Button>
      </DialogTrigger>
      {/* A new tag or a rename typed and not saved is asked about before the dialog closes (decision 0156). */}
      <FormDialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Tags</DialogTitle>
          <DialogDescription>Tags group partners; everyone who works with partners shares them.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <div className="min-w-40 flex-1 space-y-1">
            <Label htmlFor={`${ids}-new`}>New tag</Label>
            <Input
              id={`${ids}-new`}
              value={name}
              maxLength={TAG_LIMITS.name + 10}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${ids}-new-colour`}>Colour</Label>
            <ColourSelect id={`${ids}-new-colour`} value={colour} onChange={setColour} />
          </div>
          <Button type="submit" aria-busy={create.isPending || undefined}>
            Add tag
          </Button>
        </form>
        {tags.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading tags...
          </p>
        ) : tags.isError ? (
          <p role="alert">The tags could not be loaded: {tags.error.message}</p>
        ) : tags.data.length === 0 ? (
          <p className="text-muted-foreground">No tags yet</p>
        ) : (
          <ul className="max-h-96 space-y-3 overflow-y-auto" aria-label="Tags">
            {tags.data.map((tag) => (
              <TagRow key={`${tag.id}-${tag.name}-${tag.colour}`} tag={tag} />
            ))}
          </ul>
        )}
      </FormDialogContent>
    </Dialog>
  );
}
