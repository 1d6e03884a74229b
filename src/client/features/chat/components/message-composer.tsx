import { Send } from 'lucide-react';
import { useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { MESSAGE_MAX_LENGTH, type Channel } from '#shared/chat';
import { useSendMessage } from '../api/send-message';
import { useSendMessageWithFiles } from '../api/send-message-with-files';
import { AttachButton } from './attach-button';
import { PendingFiles } from './pending-files';
import { UploadProgress } from './upload-progress';
import { usePendingFiles } from './use-pending-files';

/**
 * Enter sends; Shift+Enter starts a new line (issue 27). The text is kept when sending fails, so
 * nothing typed is lost.
 */
export function MessageComposer({ channel }: { channel: Channel }) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const key = `${channel.chatType}:${channel.partner}`;
  const text = drafts[key] ?? '';
  const send = useSendMessage();
  const setText = (value: string) => setDrafts((d) => ({ ...d, [key]: value }));
  // Attachments (issue 23 item 4): chosen, pasted or dropped files go with the next message.
  const pending = usePendingFiles(key);
  const [progress, setProgress] = useState<number | null>(null);
  const sendWithFiles = useSendMessageWithFiles(setProgress);
  const busy = send.isPending || sendWithFiles.isPending;
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

  // Enter sends unless Shift is held, or an input method is still composing a character.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (pending.files.length > 0 && !busy) {
      setProgress(0);
      sendWithFiles.mutate(
        { ...channel, content, files: pending.files },
        {
          onSuccess: () => {
            setDrafts((d) => ({ ...d, [key]: '' }));
            pending.clear();
          },
          onError: (err) => toast.error('Error sending message', { description: err.message }),
          onSettled: () => setProgress(null),
        },
      );
      return;
    }
    if (!content || busy) return;
    send.mutate(
      { ...channel, content },
      {
        onSuccess: () => setDrafts((d) => ({ ...d, [key]: '' })),
        onError: (err) => toast.error('Error sending message', { description: err.message }),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      className="flex flex-wrap items-end gap-2 border-t bg-card p-3"
    >
      {(progress !== null || pending.files.length > 0) && (
        <div className="basis-full">
          {progress !== null && <UploadProgress fraction={progress} />}
          <PendingFiles files={pending.files} onRemove={pending.remove} disabled={busy} />
        </div>
      )}
      <AttachButton onFiles={pending.add} disabled={busy} />
      <Textarea
        aria-label="Message"
        aria-describedby="message-composer-hint"
        placeholder={`Message #${channel.partner}`}
        value={text}
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        autoComplete="off"
        className="max-h-40 min-h-10 flex-1 resize-none [field-sizing:content]"
      />
      <span id="message-composer-hint" className="sr-only">
        Enter sends, Shift+Enter starts a new line
      </span>
      <Button type="submit" disabled={(!text.trim() && pending.files.length === 0) || busy}>
        <Send aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}
