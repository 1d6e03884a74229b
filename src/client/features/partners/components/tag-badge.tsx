import { cn } from '@/lib/utils';
import type { TagColour } from '#shared/partners';
import { TAG_BADGE_CLASSES } from '../lib/tag-colours';

/** A partner tag as a coloured badge (issue 20). */
export function TagBadge({ tag, className }: { tag: { name: string; colour: TagColour }; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center truncate rounded-full border px-2 py-0.5 text-xs font-medium',
        TAG_BADGE_CLASSES[tag.colour],
        className,
      )}
      data-testid="tag-badge"
    >
      {tag.name}
    </span>
  );
}

/** A partner's tags in a row, or nothing when there are none. */
export function TagList({ tags }: { tags: readonly { id: string; name: string; colour: TagColour }[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id} className="max-w-full">
          <TagBadge tag={tag} />
        </li>
      ))}
    </ul>
  );
}
