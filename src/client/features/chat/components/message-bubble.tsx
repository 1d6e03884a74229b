import { formatDistance } from 'date-fns';
import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { useInPlaceEditor } from '@/lib/use-in-place-editor';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { MESSAGE_MAX_LENGTH, type ChatMessage } from '#shared/chat';
import { useDeleteMessage } from '../api/delete-message';
import { useEditMessage } from '../api/edit-message';
import { useTabStopsWithin } from '../lib/message-focus';
import { MessageAttachments } from './message-attachments';
import { MessageText } from './message-text';

/** 'x ago'. `now` ticks every 30 s, so a message newer than the last tick counts from itself. */
function relativeTime(created: Date, now: Date): string {
  return formatDistance(created, created > now ? created : now, { addSuffix: true });
}

/**
 * One message: who and when, its text (links safe, long words wrapped), "(edited)" or
 * "Message deleted" in place, and for its author (and admins, to delete) the actions, shown on
 * hover and on keyboard focus. One message of the log is in the Tab order with what it holds
 * (`inTabOrder`, lib/message-focus.ts); focusing anything in another makes it that one.
 */
export function MessageBubble({
  message,
  own,
  canDelete,
  mentionsMe,
  highlighted,
  now,
  inTabOrder,
  onFocused,
}: {
  message: ChatMessage;
  own: boolean;
  canDelete: boolean;
  mentionsMe: boolean;
  highlighted: boolean;
  now: Date;
  inTabOrder: boolean;
  onFocused: (id: number) => void;
}) {
  // Saved or cancelled, the focus goes back to the message's Edit button, not to the page's body.
  const [editing, setEditing, stopEditing, editButton] = useInPlaceEditor();
  const root = useRef<HTMLDivElement>(null);
  useTabStopsWithin(root, inTabOrder);
  const deleted = message.deletedAt !== null;
  return (
    <div
      ref={root}
      data-message-id={message.id}
      role="article"
      tabIndex={inTabOrder ? 0 : -1}
      onFocus={() => onFocused(message.id)}
      className={cn(
        'group flex flex-col rounded-lg transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        own ? 'items-end' : 'items-start',
        highlighted && 'bg-amber-100/70 dark:bg-amber-900/30',
      )}
    >
      <div className="mb-1 flex items-baseline gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{own ? 'You' : message.userName}</span>
        <time dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString()}>
          {relativeTime(new Date(message.createdAt), now)}
        </time>
        {message.editedAt && !deleted && <span title={new Date(message.editedAt).toLocaleString()}>(edited)</span>}
      </div>
      <div className={cn('flex max-w-[85%] items-start gap-1 md:max-w-[70%]', own && 'flex-row-reverse')}>
        {editing ? (
          <EditBox message={message} onDone={stopEditing} />
        ) : deleted ? (
          <p className="rounded-2xl border border-dashed px-4 py-2 text-sm italic text-muted-foreground">
            Message deleted
          </p>
        ) : message.content === '' ? null : (
          // Files sent without text get no empty bubble above them.
          <p
            data-mention={mentionsMe || undefined}
            className={cn(
              'min-w-0 whitespace-pre-wrap rounded-2xl px-4 py-2 text-sm shadow-sm [overflow-wrap:anywhere]',
              own ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm border bg-card',
              mentionsMe && 'ring-2 ring-amber-400',
            )}
          >
            <MessageText content={message.content} />
          </p>
        )}
        {!editing && !deleted && (own || canDelete) && (
          <MessageActions message={message} own={own} editButton={editButton} onEdit={() => setEditing(true)} />
        )}
      </div>
      {/* Issue 23 item 4: pictures and files sent with the message (none once it is deleted). */}
      {!deleted && <MessageAttachments attachments={message.attachments} own={own} />}
    </div>
  );
}

function MessageActions({
  message,
  own,
  editButton,
  onEdit,
}: {
  message: ChatMessage;
  own: boolean;
  editButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
}) {
  const remove = useDeleteMessage();
  return (
    <div className="flex shrink-0 gap-0.5 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
      {own && (
        <Button
          ref={editButton}
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Edit message"
          onClick={onEdit}
        >
          <Pencil className="size-3.5" aria-hidden="true" />
        </Button>
      )}
      <ConfirmAction
        trigger={
          <Button variant="ghost" size="icon" className="size-7" aria-label="Delete message">
            <Trash2 className="size-3.5" aria-hidden="true" />
          </Button>
        }
        title="Delete this message?"
        description={
          own
            ? 'Everyone in the channel will see "Message deleted" in its place. This cannot be undone.'
            : `${message.userName}'s message will be replaced by "Message deleted" for everyone. This cannot be undone.`
        }
        confirmLabel="Delete"
        onConfirm={() =>
          void remove
            .mutateAsync(message.id)
            // "Message deleted" replaces the Delete button: the focus goes to the message itself
            // (once the question has closed, or its focus trap would take it back). Not a callback
            // of `mutate`: these buttons are gone by then, and it would not be called.
            .then(() =>
              focusWhenDrawn(() => {
                if (document.querySelector('[role="alertdialog"]')) return null;
                const article = document.querySelector<HTMLElement>(`[data-message-id="${message.id}"]`);
                return article && !article.querySelector('button') ? article : null;
              }),
            )
            .catch((err: unknown) =>
              toast.error('Error deleting message', { description: err instanceof Error ? err.message : String(err) }),
            )
        }
      />
    </div>
  );
}

/**
 * Enter saves, Shift+Enter starts a new line, Escape cancels; a failed save keeps the text.
 * A message with files may be saved with no words (its caption taken back); one without needs them.
 */
function EditBox({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const [text, setText] = useState(message.content);
  const edit = useEditMessage();
  const wordsNeeded = message.attachments.length === 0;
  const save = () => {
    const content = text.trim();
    if ((wordsNeeded && !content) || edit.isPending) return;
    if (content === message.content) return onDone();
    edit.mutate(
      { id: message.id, content },
      {
        onSuccess: onDone,
        onError: (err) => toast.error('Error editing message', { description: err.message }),
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      save();
    }
  };
  return (
    <div className="flex w-[min(36rem,80vw)] flex-col gap-2">
      <Textarea
        aria-label="Edit message"
        value={text}
        autoFocus
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-60 min-h-10 resize-none [field-sizing:content]"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" size="sm" onClick={save} disabled={(wordsNeeded && !text.trim()) || edit.isPending}>
          Save
        </Button>
      </div>
    </div>
  );
}
