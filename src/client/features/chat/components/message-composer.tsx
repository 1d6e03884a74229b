import { Send } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { MESSAGE_MAX_LENGTH, type Channel } from '#shared/chat';
import { useSendMessage } from '../api/send-message';

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

  // Enter sends unless Shift is held, or an input method is still composing a character.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate(
      { ...channel, content },
      {
        onSuccess: () => setDrafts((d) => ({ ...d, [key]: '' })),
        onError: (err) => toast.error('Error sending message', { description: err.message }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t bg-card p-3">
      <Textarea
        aria-label="Message"
        aria-describedby="message-composer-hint"
        placeholder={`Message #${channel.partner}`}
        value={text}
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        className="max-h-40 min-h-10 resize-none [field-sizing:content]"
      />
      <span id="message-composer-hint" className="sr-only">
        Enter sends, Shift+Enter starts a new line
      </span>
      <Button type="submit" disabled={!text.trim() || send.isPending}>
        <Send aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}
