import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useTags } from '../api/partner-tags';

/** The directory's tag filter (issue 20): one or more tags, matching any or all of them. */
export function TagFilter({
  tags,
  match,
  onChange,
}: {
  tags: string[];
  match: 'any' | 'all';
  onChange: (tags: string[], match: 'any' | 'all') => void;
}) {
  const ids = useId();
  const all = useTags();
  const chosen = new Set(tags);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next], match);
  };
  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="text-sm font-medium">Tags</legend>
      {all.isPending ? (
        <p className="text-sm text-muted-foreground">Loading tags...</p>
      ) : all.isError ? (
        <p role="alert" className="text-sm">
          The tags could not be loaded: {all.error.message}
        </p>
      ) : all.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tags yet</p>
      ) : (
        <>
          <ul className="flex max-h-32 flex-wrap gap-x-4 gap-y-2 overflow-y-auto" aria-label="Filter by tags">
            {all.data.map((tag) => (
              <li key={tag.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${ids}-${tag.id}`}
                  checked={chosen.has(tag.id)}
                  onCheckedChange={(on) => toggle(tag.id, on === true)}
                />
                <Label htmlFor={`${ids}-${tag.id}`} className="font-normal">
                  {tag.name}
                </Label>
              </li>
            ))}
          </ul>
          {tags.length > 1 && (
            <div className="flex items-center gap-2">
              <Label htmlFor={`${ids}-match`}>Match</Label>
              <NativeSelect
                id={`${ids}-match`}
                className="w-auto"
                value={match}
                onChange={(e) => onChange(tags, e.target.value === 'all' ? 'all' : 'any')}
              >
                <option value="any">Any of these tags</option>
                <option value="all">All of these tags</option>
              </NativeSelect>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
