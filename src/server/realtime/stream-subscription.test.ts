import { describe, expect, it, vi } from 'vitest';
import type { Access } from '../auth/permissions';
import { resolvePermissions } from '#shared/permissions';
import type { Envelope } from './event-bus';
import { MAX_BUFFERED_BYTES, SseStream } from './sse-stream';
import { MAX_BACKLOG, StreamSubscription, type EndReason } from './stream-subscription';

const ME = 'user-me';
const coordinator: Access = { role: 'coordinator', permissions: resolvePermissions('coordinator', []) };
const withoutTasks: Access = {
  role: 'coordinator',
  permissions: resolvePermissions('coordinator', [{ feature: 'tasks', enabled: false }]),
};

const tasksChanged = (taskId: string, id?: number): Envelope => ({
  audience: { feature: 'tasks' },
  event: { type: 'tasks.changed', taskId, change: 'updated' },
  id,
});
const permissionsChanged: Envelope = { audience: { userId: ME }, event: { type: 'permissions.changed', userId: ME } };

/** A subscription on a real stream, and what its reader has received so far (event data). */
function subscribe(options: { access?: Access; reloadAccess?: () => Promise<Access>; cursor?: number } = {}) {
  const ended: EndReason[] = [];
  const stream = new SseStream(() => {});
  const subscription = new StreamSubscription({
    userId: ME,
    sessionId: 'session-1',
    access: options.access ?? coordinator,
    reloadAccess: options.reloadAccess ?? (() => Promise.resolve(coordinator)),
    cursor: options.cursor,
    stream,
    end: (reason) => {
      ended.push(reason);
      stream.close();
    },
  });
  const reader = stream.body.getReader();
  const frames: Uint8Array[] = [];
  const readAll = async () => {
    for (;;) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 20))]);
      if (!chunk || chunk.done) break;
      frames.push(chunk.value);
    }
    return frames.map((f) => new TextDecoder().decode(f));
  };
  return { subscription, stream, ended, reader, readAll };
}

describe('StreamSubscription', () => {
  it('writes what the reader may see and skips the rest and what the cursor covered', async () => {
    const { subscription, readAll } = subscribe({ access: withoutTasks, cursor: 5 });
    subscription.receive(tasksChanged('hidden'));
    subscription.receive({
      audience: { userId: 'someone-else' },
      event: { type: 'profile.changed', userId: 'someone-else' },
    });
    subscription.receive({ audience: { everyone: true }, event: { type: 'events.changed' }, id: 5 });
    subscription.receive({ audience: { everyone: true }, event: { type: 'events.changed' }, id: 6 });
    expect(await readAll()).toEqual(['event: events.changed\ndata: {"type":"events.changed"}\nid: 6\n\n']);
  });

  it('writes an event for several named people to each of them and nobody else', async () => {
    const { subscription, readAll } = subscribe();
    const told = (userIds: string[]): Envelope => ({ audience: { userIds }, event: { type: 'notifications.changed' } });
    subscription.receive(told(['someone-else', 'another']));
    subscription.receive(told(['someone-else', ME]));
    expect(await readAll()).toEqual(['event: notifications.changed\ndata: {"type":"notifications.changed"}\n\n']);
  });

  it('applies a permission change before the next event, holding later events in order meanwhile', async () => {
    let grant!: (access: Access) => void;
    const reloadAccess = vi.fn(() => new Promise<Access>((resolve) => (grant = resolve)));
    const { subscription, readAll } = subscribe({ reloadAccess });
    subscription.receive(tasksChanged('before'));
    subscription.receive(permissionsChanged);
    subscription.receive(tasksChanged('after the change'));
    subscription.receive({ audience: { everyone: true }, event: { type: 'events.changed' } });
    expect(reloadAccess).toHaveBeenCalledOnce();
    grant(withoutTasks);
    const received = await readAll();
    expect(received).toHaveLength(3);
    expect(received[0]).toContain('"taskId":"before"');
    expect(received[1]).toContain('event: permissions.changed');
    expect(received[2]).toContain('event: events.changed');
  });

  it('replays first, then what arrived live meanwhile, skipping what both carried', async () => {
    let answer!: (result: { envelopes: Envelope[]; complete: boolean }) => void;
    const { subscription, readAll } = subscribe({ cursor: 10 });
    subscription.replay(() => new Promise((resolve) => (answer = resolve)));
    subscription.receive(tasksChanged('live, also replayed', 12));
    subscription.receive(tasksChanged('live only', 13));
    answer({ envelopes: [tasksChanged('missed', 11), tasksChanged('missed, also live', 12)], complete: false });
    const ids = (await readAll()).map((frame) => /\nid: (\d+)/.exec(frame)?.[1] ?? /^event: (\S+)/.exec(frame)![1]);
    expect(ids).toEqual(['11', '12', 'chat.resync', '13']);
  });

  it('ends the stream of its own session when that session ends, telling the tab why', async () => {
    const { subscription, ended, readAll } = subscribe();
    subscription.receive({
      audience: { userId: ME },
      event: { type: 'sessions.ended', userId: ME, sessionId: 'session-2' },
    });
    expect(ended).toEqual([]);
    subscription.receive({
      audience: { userId: ME },
      event: { type: 'sessions.ended', userId: ME, sessionId: 'session-1' },
    });
    subscription.receive({ audience: { everyone: true }, event: { type: 'events.changed' } });
    expect(ended).toEqual(['session-ended']);
    expect(await readAll()).toEqual([`event: sessions.ended\ndata: {"type":"sessions.ended","userId":"${ME}"}\n\n`]);
  });

  it('lets events wait, in order, while the reader is behind, and delivers them once it catches up', async () => {
    const { subscription, stream, ended, readAll } = subscribe();
    const big = (n: number): Envelope => ({
      audience: { everyone: true },
      event: { type: 'files.changed', folderPath: `${n}`.padEnd(7000, '.') },
    });
    let sent = 0;
    while (stream.hasRoom) subscription.receive(big(sent++));
    for (let i = 0; i < 10; i++) subscription.receive(big(sent++));
    expect(stream.bufferedBytes).toBeLessThan(MAX_BUFFERED_BYTES + 8000);
    const received = await readAll();
    expect(ended).toEqual([]);
    expect(received.map((frame) => Number(/"folderPath":"(\d+)/.exec(frame)![1]))).toEqual(
      Array.from({ length: sent }, (_, i) => i),
    );
  });

  it(`gives up a stream whose reader is more than ${MAX_BACKLOG} events behind, holding no more for it`, async () => {
    const { subscription, stream, ended } = subscribe();
    const big: Envelope = {
      audience: { everyone: true },
      event: { type: 'files.changed', folderPath: '/'.padEnd(7000, 'x') },
    };
    while (stream.hasRoom) subscription.receive(big);
    // The first waits for room, the next MAX_BACKLOG wait behind it.
    for (let i = 0; i <= MAX_BACKLOG; i++) subscription.receive(tasksChanged(`waiting ${i}`));
    expect(ended).toEqual([]);
    subscription.receive(tasksChanged('one too many'));
    expect(ended).toEqual(['behind']);
    subscription.receive(tasksChanged('after the end'));
    expect(ended).toEqual(['behind']);
  });
});
