import { Send } from 'lucide-react';
import { useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { useCombobox } from '@/components/combobox';
import { Button } from '@/components/ui/button';
import { UploadProgress } from '@/components/upload-progress';
import { isUploadCancelled } from '@/lib/upload';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { MESSAGE_MAX_LENGTH, type Channel, type ChannelMember } from '#shared/chat';
import { useMembers } from '../api/get-members';
import { isQueued, QUEUED_MESSAGE } from '@/offline/queue';
import { useSendMessage } from '../api/send-message';
import { mentionQuery, suggestMembers } from './mention-suggestions';
import { useSendMessageWithFiles } from '../api/send-message-with-files';
import { sentRemoved } from '../lib/sent-removed';
import { AttachButton } from './attach-button';
import { PendingFiles } from './pending-files';
import { usePendingFiles } from './use-pending-files';

/**
 * Enter sends; Shift+Enter starts a new line (issue 27); the box grows with its text. Typing
 * "@" offers the people who can see the channel (arrows move, Enter or Tab picks, Escape
 * closes). The text is kept when sending fails, so nothing typed is lost.
 */
export function MessageComposer({ channel, maxUploadMb }: { channel: Channel; maxUploadMb: number }) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const key = `${channel.chatType}:${channel.partner}`;
  const text = drafts[key] ?? '';
  const send = useSendMessage();
  const setText = (value: string) => setDrafts((d) => ({ ...d, [key]: value }));
  // Once a message is sent, the box loses what was sent and keeps what was typed meanwhile (a
  // message with files can take a while; emptying the box lost the words added during it).
  const clearSent = (sent: string) => setDrafts((d) => ({ ...d, [key]: sentRemoved(d[key] ?? '', sent) }));
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  // Attachments (issue 23 item 4): chosen, pasted or dropped files go with the next message.
  const pending = usePendingFiles(key, maxUploadMb);
  const [progress, setProgress] = useState<number | null>(null);
  const cancelSend = useRef<AbortController | null>(null);
  const sendWithFiles = useSendMessageWithFiles(setProgress);
  const busy = send.isPending || sendWithFiles.isPending;
  // A message typed (in any channel) or files chosen and not sent: leaving the chat asks first.
  useUnsavedChanges(pending.waiting || Object.values(drafts).some((draft) => draft.trim() !== ''));
  const onPaste = (e: ClipboardEvent) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0) return;
    e.preventDefault();
    pending.add(files);
  };
  const onDrop = (e: DragEvent) => {
    const files = [...e.dataTransfer.files];
    if (files.length === 0) return;
    e.preventDefault();
    pending.add(files);
  };

  const typing = mentionQuery(text, caret);
  const members = useMembers(channel, typing !== null);
  const suggestions = typing && members.data ? suggestMembers(members.data, typing.query) : [];
  const combobox = useCombobox<ChannelMember>({
    options: suggestions,
    open: listOpen && typing !== null,
    setOpen: setListOpen,
    enterPicksFirst: true,
    onPick: (member) => {
      if (!typing) return;
      const inserted = `@${member.name} `;
      const next = text.slice(0, typing.start) + inserted + text.slice(caret);
      const at = typing.start + inserted.length;
      setText(next);
      setCaret(at);
      requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
    },
  });

  // Enter sends unless Shift is held, an input method is still composing, or a name is being picked.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (combobox.showList) {
      if (e.key === 'Tab' && suggestions.length > 0) {
        e.preventDefault();
        combobox.pick(suggestions[Math.max(combobox.active, 0)]!);
        return;
      }
      combobox.inputProps.onKeyDown(e as unknown as KeyboardEvent<HTMLInputElement>);
      if (e.defaultPrevented) return;
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    const sentText = text;
    if (pending.files.length > 0 && !busy) {
      setProgress(0);
      const controller = new AbortController();
      cancelSend.current = controller;
      sendWithFiles.mutate(
        { ...channel, content, files: pending.files, signal: controller.signal },
        {
          onSuccess: () => {
            clearSent(sentText);
            pending.clear();
          },
          onError: (err) => {
            if (isUploadCancelled(err))
              toast.info('Message not sent', { description: 'Its text and files are still in the message box.' });
            else toast.error('Error sending message', { description: err.message });
          },
          onSettled: () => {
            cancelSend.current = null;
            setProgress(null);
          },
        },
      );
      return;
    }
    if (!content || busy) return;
    send.mutate(
      { ...channel, content },
      {
        onSuccess: (result) => {
          clearSent(sentText);
          if (isQueued(result)) toast.info(QUEUED_MESSAGE);
        },
        onError: (err) => toast.error('Error sending message', { description: err.message }),
      },
    );
  };

  // A textarea keeps its textbox role (ARIA allows no combobox on it); the list is tied to it
  // by aria-controls and aria-activedescendant.
  const { role: _role, 'aria-expanded': _expanded, ...comboboxProps } = combobox.inputProps;
  return (
    <form
      onSubmit={onSubmit}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      className="relative flex flex-wrap items-end gap-2 border-t bg-card p-3"
    >
      {combobox.showList && (
        <ul
          id={combobox.listboxId}
          role="listbox"
          aria-label="People to mention"
          className="absolute bottom-full left-3 z-10 mb-1 max-h-60 w-72 overflow-y-auto rounded-md border bg-card py-1 shadow-lg"
        >
          {suggestions.map((member, i) => (
            <li
              key={member.id}
              id={`${combobox.listboxId}-${i}`}
              role="option"
              aria-selected={i === combobox.active}
              onMouseDown={(event) => {
                event.preventDefault();
                combobox.pick(member);
              }}
              onMouseEnter={() => combobox.setActive(i)}
              className={cn(
                'cursor-pointer px-3 py-2 text-sm',
                i === combobox.active && 'bg-accent text-accent-foreground',
              )}
            >
              {member.name}
            </li>
          ))}
        </ul>
      )}
      {(progress !== null || pending.files.length > 0) && (
        <div className="basis-full">
          {progress !== null && (
            <UploadProgress
              fraction={progress}
              onCancel={() => {
                cancelSend.current?.abort();
                // The button goes with the bar; the person goes on in the message box.
                box.current?.focus();
              }}
              className="pb-2"
            />
          )}
          <PendingFiles files={pending.files} onRemove={pending.remove} disabled={busy} />
        </div>
      )}
      <AttachButton onFiles={pending.add} disabled={busy} />
      <Textarea
        ref={box}
        {...comboboxProps}
        // Only while the list is there: an id naming nothing is invalid ARIA.
        aria-controls={combobox.showList ? combobox.listboxId : undefined}
        onKeyDown={onKeyDown}
        aria-label="Message"
        aria-describedby="message-composer-hint"
        placeholder={`Message #${channel.partner}`}
        value={text}
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
          combobox.typed();
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onPaste={onPaste}
        autoComplete="off"
        className="max-h-40 min-h-10 flex-1 resize-none [field-sizing:content]"
      />
      <span id="message-composer-hint" className="sr-only">
        Enter sends, Shift+Enter starts a new line, @ mentions someone
      </span>
      <Button type="submit" disabled={(!text.trim() && pending.files.length === 0) || busy}>
        <Send aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}
