import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MESSAGE_MAX_LENGTH, type Channel } from '#shared/chat';
import { useSendMessage } from '../api/send-message';

/** Enter sends. The text is kept when sending fails, so nothing typed is lost. */
export function MessageComposer({ channel }: { channel: Channel }) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const key = `${channel.chatType}:${channel.partner}`;
  const text = drafts[key] ?? '';
  const send = useSendMessage();
  const setText = (value: string) => setDrafts((d) => ({ ...d, [key]: value }));

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
    <form onSubmit={onSubmit} className="flex gap-2 border-t bg-card p-3">
      <Input
        aria-label="Message"
        placeholder={`Message #${channel.partner}`}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      <Button type="submit" disabled={!text.trim() || send.isPending}>
        <Send aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}
