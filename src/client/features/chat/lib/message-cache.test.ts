import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addMessageToCache, channelMessagesKey, upsertMessage } from './message-cache';
import { testChannel, testMessage } from './test-messages';
import type { ChannelPage } from '#shared/chat';

const channel = testChannel;
const key = [...channelMessagesKey(channel), 'latest'];
const message = (id: number, revision = id) => testMessage(id, { revision });

const page = (...ids: number[]): ChannelPage => ({
  messages: ids.map((id) => message(id)),
  hasOlder: false,
  hasNewer: false,
  maxUploadMb: 50,
});
const ids = (p: ChannelPage | undefined) => p?.messages.map((m) => m.id);

/** A server whose answers are released one by one, each holding what it holds when released. */
function server() {
  let stored = page(1);
  const waiting: (() => void)[] = [];
  return {
    write: (id: number) => (stored = { ...stored, messages: [...stored.messages, message(id)] }),
    /** Reads now; answers when released, as a request whose query ran before a later write. */
    fetch: () => {
      const read = stored;
      return new Promise<ChannelPage>((resolve) => waiting.push(() => resolve(read)));
    },
    releaseAll: async () => {
      while (waiting.length) {
        waiting.shift()!();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}

describe('a channel page kept current', () => {
  it('takes a message once, in id order, and an edit only when its revision is higher', () => {
    expect(ids(upsertMessage(page(1, 3), message(2)))).toEqual([1, 2, 3]);
    expect(upsertMessage(page(1, 2), message(2)).messages).toHaveLength(2);
    const edited = { ...message(2, 9), content: 'edited' };
    expect(upsertMessage(page(1, 2), edited).messages[1]!.content).toBe('edited');
    expect(upsertMessage(upsertMessage(page(1, 2), edited), message(2, 4)).messages[1]!.content).toBe('edited');
  });

  it('leaves out a message beyond a page that does not reach it', () => {
    expect(ids(upsertMessage({ ...page(5, 6), hasOlder: true }, message(2)))).toEqual([5, 6]);
    expect(ids(upsertMessage({ ...page(5, 6), hasNewer: true }, message(9)))).toEqual([5, 6]);
  });

  it('adds a message to a loaded page', () => {
    const client = new QueryClient();
    client.setQueryData(key, page(1));
    addMessageToCache(client, message(2));
    expect(ids(client.getQueryData(key))).toEqual([1, 2]);
  });

  // The channel opens and its page is read; a message is written and announced before that
  // read's answer arrives. The answer alone would show the channel without it until a reload.
  it('keeps a message that arrives while its page loads, though the answer was read before it', async () => {
    const client = new QueryClient();
    const backend = server();
    // The open channel's list, as useQuery watches it.
    const stop = new QueryObserver(client, { queryKey: key, queryFn: backend.fetch }).subscribe(() => {});
    backend.write(2);
    addMessageToCache(client, message(2));
    await backend.releaseAll();
    await expect.poll(() => ids(client.getQueryData(key))).toEqual([1, 2]);
    stop();
  });

  it('keeps a message that arrives while its page refreshes, though the older answer lands after it', async () => {
    const client = new QueryClient();
    const backend = server();
    client.setQueryData(key, page(1));
    const stop = new QueryObserver(client, { queryKey: key, queryFn: backend.fetch }).subscribe(() => {});
    void client.refetchQueries({ queryKey: key });
    backend.write(2);
    addMessageToCache(client, message(2));
    await backend.releaseAll();
    await expect.poll(() => ids(client.getQueryData(key))).toEqual([1, 2]);
    stop();
  });
});
