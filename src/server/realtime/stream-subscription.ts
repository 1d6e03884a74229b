import type { Access } from '../auth/permissions';
import type { Envelope } from './event-bus';
import { encodeSseFrame, envelopeFrame } from './sse-frames';
import type { SseStream } from './sse-stream';

/**
 * Envelopes a stream may hold back while it waits (for its reader, a replay or a permission
 * reload). Beyond that its reader is too far behind: the stream is given up, and the tab
 * reconnects with its cursor (decision 0058).
 */
export const MAX_BACKLOG = 1000;

/** Why a subscription asks for its stream to end. */
export type EndReason = 'session-ended' | 'behind' | 'failed';

export interface SubscriptionOptions {
  userId: string;
  sessionId: string | null;
  access: Access;
  stream: SseStream;
  /** Reads the reader's role and switches again (after a `permissions.changed` of theirs). */
  reloadAccess: () => Promise<Access>;
  /** The Last-Event-ID the tab sent: events up to it were already delivered. */
  cursor?: number;
  end: (reason: EndReason) => void;
}

/** Whether the reader may see an event. */
export function canReceive({ audience }: Envelope, userId: string, access: Access): boolean {
  if ('userId' in audience) return audience.userId === userId;
  if ('userIds' in audience) return audience.userIds.includes(userId);
  if ('feature' in audience) return access.permissions[audience.feature];
  if ('features' in audience) return audience.features.every((f) => access.permissions[f]);
  return true;
}

/**
 * What one stream does with the events the bus hands it, in arrival order: skip what the
 * cursor already covered, end an ended session's stream, apply the reader's permission change
 * before filtering the next event, and write what the reader may see.
 *
 * The common case is synchronous, so one bus notification reaches a thousand streams in one
 * loop, each writing the envelope's shared frame. Only a replay, a permission reload or a full
 * stream make it wait; events arriving meanwhile are held in a bounded backlog and handled
 * afterwards, in order.
 */
export class StreamSubscription {
  private access: Access;
  /** Highest cursor written: an event at or below it was already sent (by the replay). */
  private sentUpTo: number;
  private backlog: Envelope[] = [];
  private waiting = false;
  private ended = false;

  constructor(private readonly options: SubscriptionOptions) {
    this.access = options.access;
    this.sentUpTo = options.cursor ?? 0;
  }

  /** The bus subscriber. */
  readonly receive = (envelope: Envelope): void => {
    if (this.ended) return;
    if (this.waiting) {
      this.backlog.push(envelope);
      if (this.backlog.length > MAX_BACKLOG) this.end('behind');
      return;
    }
    try {
      const pending = this.deliver(envelope);
      if (pending) void this.wait(pending);
    } catch {
      this.end('failed');
    }
  };

  /**
   * Writes what the tab missed, then what arrived live meanwhile. Started before the bus
   * subscription, so nothing committed between the replay's read and the subscription is lost;
   * what both carry is skipped by its id.
   */
  replay(missed: () => Promise<{ envelopes: Envelope[]; complete: boolean }>): void {
    void this.wait(
      (async () => {
        const { envelopes, complete } = await missed();
        for (const envelope of envelopes) {
          if (!this.active) return;
          await this.deliver(envelope);
        }
        if (!complete)
          await this.write(encodeSseFrame({ event: 'chat.resync', data: JSON.stringify({ type: 'chat.resync' }) }));
      })(),
    );
  }

  /** False once the subscription ended or its reader went away: nothing more is written. */
  private get active(): boolean {
    return !this.ended && this.options.stream.open;
  }

  /** Lets `pending` finish, then handles the backlog in order; live events queue meanwhile. */
  private async wait(pending: Promise<void>): Promise<void> {
    this.waiting = true;
    try {
      await pending;
      let next: Envelope | undefined;
      while (this.active && (next = this.backlog.shift()) !== undefined) await this.deliver(next);
    } catch {
      this.end('failed');
    } finally {
      this.backlog = [];
      this.waiting = false;
    }
  }

  /** Undefined when done at once; a promise when the event must wait (a reload, a full stream). */
  private deliver(envelope: Envelope): Promise<void> | undefined {
    const { event, id } = envelope;
    const { userId, sessionId, stream } = this.options;
    if (id !== undefined && id <= this.sentUpTo) return;
    if (event.type === 'sessions.ended') {
      // A session that ended (signed out, ended by a password change, its account deleted)
      // must stop receiving at once, or a stolen or abandoned session would keep reading
      // every message. The tab learns why, then the stream ends.
      if (event.userId !== userId || event.sessionId !== sessionId) return;
      stream.write(encodeSseFrame({ event: event.type, data: JSON.stringify({ type: event.type, userId }) }));
      this.end('session-ended');
      return;
    }
    if (event.type === 'permissions.changed' && event.userId === userId) {
      return this.options.reloadAccess().then((access) => {
        this.access = access;
        return this.send(envelope);
      });
    }
    return this.send(envelope);
  }

  private send(envelope: Envelope): Promise<void> | undefined {
    if (!canReceive(envelope, this.options.userId, this.access)) return;
    if (envelope.id !== undefined) this.sentUpTo = Math.max(this.sentUpTo, envelope.id);
    return this.write(envelopeFrame(envelope));
  }

  /** Writes now if the stream has room; otherwise once its reader has caught up. */
  private write(frame: Uint8Array): Promise<void> | undefined {
    const { stream } = this.options;
    if (stream.hasRoom) {
      stream.write(frame);
      return;
    }
    return stream.room().then(() => stream.write(frame));
  }

  private end(reason: EndReason): void {
    if (this.ended) return;
    this.ended = true;
    this.backlog = [];
    this.options.end(reason);
  }
}
