import { useSearchParams } from 'react-router';
import { CHAT_TYPES, type Channel, type ChatType } from '#shared/chat';

/**
 * /chat?type=<chatType>&channel=<name>&message=<id> (a mention's notification, a search
 * result): the channel to open and the message to show. Anything malformed is ignored.
 * The page keeps the open channel there too (`show`), so a reload or a link copied from the
 * address bar opens the same channel; it replaces the address, so Back still leaves the chat.
 */
export function useChannelFromUrl(): {
  linked: { channel: Channel; messageId: number | undefined } | undefined;
  show: (channel: Channel | undefined) => void;
} {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const name = params.get('channel')?.trim();
  const id = Number(params.get('message'));
  const linked =
    type && (CHAT_TYPES as readonly string[]).includes(type) && name
      ? {
          channel: { chatType: type as ChatType, partner: name },
          messageId: Number.isSafeInteger(id) && id > 0 ? id : undefined,
        }
      : undefined;
  const show = (channel: Channel | undefined) =>
    setParams(channel ? { type: channel.chatType, channel: channel.partner } : {}, { replace: true });
  return { linked, show };
}
