import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { Logger } from '../logger';
import type { Feature } from '../../shared/permissions';
import type { RealtimeEvent } from '../../shared/realtime';

/** Who may receive an event: one person, everyone holding a feature (or all of several), or everyone. */
export type Audience = { userId: string } | { feature: Feature } | { features: Feature[] } | { everyone: true };

/** What travels between instances: the event plus who may receive it. */
export interface Envelope {
  audience: Audience;
  event: RealtimeEvent;
  /** The SSE event id: a cursor a reconnecting tab sends back as Last-Event-ID. */
  id?: number;
}

type Subscriber = (envelope: Envelope) => void;

export const REALTIME_CHANNEL = 'portal_events';

/**
 * The one realtime channel. publish() goes through the database's NOTIFY, and every instance
 * (this one included) hears it through LISTEN, so one code path serves one or many instances.
 */
export class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private stopListening?: () => Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start() {
    this.stopListening = await this.database.listen(REALTIME_CHANNEL, (payload) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(payload) as Envelope;
      } catch {
        this.logger.warn({ payload }, 'ignored a malformed realtime notification');
        return;
      }
      // One envelope object for every subscriber: streams share its serialisation (sse-frames.ts).
      for (const subscriber of this.subscribers) {
        try {
          subscriber(envelope);
        } catch (err) {
          // One failing subscriber must not keep the event from the others.
          this.logger.warn({ err }, 'a realtime subscriber failed');
        }
      }
    });
  }

  async publish(audience: Audience, event: RealtimeEvent, id?: number) {
    await this.database.notify(REALTIME_CHANNEL, encodeEnvelope({ audience, event, id }));
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get subscriberCount() {
    return this.subscribers.size;
  }

  async stop() {
    this.subscribers.clear();
    await this.stopListening?.();
  }
}

/**
 * The NOTIFY payload for an event. Features that must order events with their rows send it
 * inside their own transaction (`select pg_notify(REALTIME_CHANNEL, payload)`): PostgreSQL
 * delivers notifications at commit, in commit order.
 */
export function encodeEnvelope(envelope: Envelope): string {
  return JSON.stringify(envelope);
}

/**
 * Sends an event inside the caller's transaction: PostgreSQL delivers it at commit, in commit
 * order, and never for a change that was rolled back (the change record, service/changes.ts).
 */
export async function publishInTransaction(tx: Db, envelope: Envelope): Promise<void> {
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${encodeEnvelope(envelope)})`);
}
