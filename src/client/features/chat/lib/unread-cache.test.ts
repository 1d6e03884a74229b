import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { countIncoming, unreadQueryKey } from './unread-cache';
import { testChannel, testMessage } from './test-messages';
import type { ChannelUnread } from '#shared/chat';

const channel = testChannel;
const counts = (count: number, latestId: number): ChannelUnread[] => [{ ...channel, count, lastReadId: 1, latestId }];
const incoming = (id: number) => testMessage(id);

describe('unread counts kept live', () => {
  it('counts a message of someone else once, and not one of mine', () => {
    const client = new QueryClient();
    client.setQueryData(unreadQueryKey, counts(0, 1));
    countIncoming(client, incoming(2), 'me');
    countIncoming(client, incoming(2), 'me');
    countIncoming(client, { ...incoming(3), userId: 'me' }, 'me');
    expect(client.getQueryData<ChannelUnread[]>(unreadQueryKey)?.[0]).toMatchObject({ count: 1, latestId: 2 });
  });

  // The counts were read before the message was written, and their answer arrives after it.
  it('counts a message that arrives while the counts load', async () => {
    const client = new QueryClient();
    let answer = (_: ChannelUnread[]) => {};
    const stop = new QueryObserver(client, {
      queryKey: unreadQueryKey,
      queryFn: () => new Promise<ChannelUnread[]>((resolve) => (answer = resolve)),
    }).subscribe(() => {});
    await expect.poll(() => client.isFetching({ queryKey: unreadQueryKey })).toBe(1);
    countIncoming(client, incoming(2), 'me');
    answer(counts(0, 1));
    await expect
      .poll(() => client.getQueryData<ChannelUnread[]>(unreadQueryKey)?.[0])
      .toMatchObject({ count: 1, latestId: 2 });
    stop();
  });

  it('reads the counts again when an unread message of someone else is deleted, and not for others', () => {
    const client = new QueryClient();
    client.setQueryData(unreadQueryKey, counts(2, 3));
    const deleted = (id: number, userId = 'someone') => ({
      ...incoming(id),
      userId,
      deletedAt: new Date().toISOString(),
    });
    countIncoming(client, deleted(1), 'me'); // read already
    countIncoming(client, deleted(3, 'me'), 'me'); // mine
    expect(client.getQueryState(unreadQueryKey)?.isInvalidated).toBe(false);
    countIncoming(client, deleted(3), 'me');
    expect(client.getQueryState(unreadQueryKey)?.isInvalidated).toBe(true);
    // Never counted up by a deletion.
    expect(client.getQueryData<ChannelUnread[]>(unreadQueryKey)?.[0]).toMatchObject({ count: 2 });
  });
});
