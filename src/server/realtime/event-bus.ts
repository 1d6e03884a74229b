import { lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { realtimeSpill } from '../db/schema';
import type { Logger } from '../logger';
import type { Feature } from '#shared/permissions';
import type { RealtimeEvent } from '#shared/realtime';

/** Who may receive an event: one person, everyone holding a feature (or all of several), or everyone. */
export type Audience =
  | { userId: string }
  /** Several named people at once (a notification to a team): one announcement, not one each. */
  | { userIds: string[] }
  | { feature: Feature }
  | { features: Feature[] }
  | { everyone: true };

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
 * The largest payload sent as it is. PostgreSQL refuses a NOTIFY payload of 8,000 bytes or
 * more; a chat message under its 4,000-character limit can pass that once JSON-encoded as
 * UTF-8 (2,600 Chinese characters, 2,000 emoji, 4,000 escaped quotes). Larger envelopes spill.
 */
export const MAX_NOTIFY_BYTES = 7000;

/** How long a spilled envelope is kept for the instances to fetch it. */
const SPILL_KEEP_MINUTES = 10;

/** The notification that stands for a spilled envelope. */
interface SpillReference {
  spill: number;
}

/**
 * The one realtime channel. publish() goes through the database's NOTIFY, and every instance
 * (this one included) hears it through LISTEN, so one code path serves one or many instances.
 */
export class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private stopListening?: () => Promise<void>;
  /** Notifications waiting behind a spilled envelope being fetched: handled strictly in arrival order. */
  private readonly waiting: string[] = [];
  private draining = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start() {
    this.stopListening = await this.database.listen(REALTIME_CHANNEL, this.receive);
  }

  async publish(audience: Audience, event: RealtimeEvent, id?: number) {
    const envelope: Envelope = { audience, event, id };
    const payload = encodeEnvelope(envelope);
    if (fitsNotify(payload)) return this.database.notify(REALTIME_CHANNEL, payload);
    await this.database.db.transaction((tx) => publishInTransaction(tx as unknown as Db, envelope));
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

  /**
   * The LISTEN handler. The common case is synchronous (one parse, one loop over the streams).
   * A spilled envelope must be read from the database first; notifications arriving meanwhile
   * wait behind it, so events reach the streams in commit order either way.
   */
  private readonly receive = (payload: string): void => {
    if (this.draining) {
      this.waiting.push(payload);
      return;
    }
    const parsed = this.parse(payload);
    if (parsed === undefined) return;
    if (!isSpillReference(parsed)) return this.dispatch(parsed);
    this.waiting.push(payload);
    void this.drain();
  };

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      for (let payload = this.waiting.shift(); payload !== undefined; payload = this.waiting.shift()) {
        const parsed = this.parse(payload);
        if (parsed === undefined) continue;
        const envelope = isSpillReference(parsed) ? await this.fetchSpilled(parsed.spill) : parsed;
        if (envelope) this.dispatch(envelope);
      }
    } finally {
      this.draining = false;
    }
  }

  private async fetchSpilled(id: number): Promise<Envelope | undefined> {
    try {
      const [row] = await queryRows<{ envelope: string }>(
        this.database.db,
        sql`select ${realtimeSpill.envelope} as envelope from ${realtimeSpill} where ${realtimeSpill.id} = ${id}`,
      );
      if (row) return JSON.parse(row.envelope) as Envelope;
      this.logger.warn({ spill: id }, 'a spilled realtime event was already cleaned up');
    } catch (err) {
      this.logger.warn({ err, spill: id }, 'could not read a spilled realtime event');
    }
    return undefined;
  }

  private parse(payload: string): Envelope | SpillReference | undefined {
    try {
      return JSON.parse(payload) as Envelope | SpillReference;
    } catch {
      // Never the payload itself: it may carry message text (issue 26, logs carry no user content).
      this.logger.warn({ bytes: payload.length }, 'ignored a malformed realtime notification');
      return undefined;
    }
  }

  /** One envelope object for every subscriber: streams share its serialisation (sse-frames.ts). */
  private dispatch(envelope: Envelope): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(envelope);
      } catch (err) {
        // One failing subscriber must not keep the event from the others.
        this.logger.warn({ err }, 'a realtime subscriber failed');
      }
    }
  }
}

function isSpillReference(value: Envelope | SpillReference): value is SpillReference {
  return typeof (value as Partial<SpillReference>).spill === 'number';
}

function fitsNotify(payload: string): boolean {
  return Buffer.byteLength(payload, 'utf8') <= MAX_NOTIFY_BYTES;
}

/** The JSON form of an envelope, as every instance parses it. */
export function encodeEnvelope(envelope: Envelope): string {
  return JSON.stringify(envelope);
}

/**
 * Sends an event inside the caller's transaction: PostgreSQL delivers it at commit, in commit
 * order, and never for a change that was rolled back (the change record, service/changes.ts;
 * chat).
 */
export async function publishInTransaction(tx: Db, envelope: Envelope): Promise<void> {
  await tx.execute(sql`select ${notifySql([await notifyPayload(tx, envelope)])}`);
}

/**
 * What NOTIFY carries for `envelope`. An envelope too large for NOTIFY is written to
 * `realtime_spill` in the same transaction and the notification carries its id, so no text is
 * too long to announce.
 */
export async function notifyPayload(tx: Db, envelope: Envelope): Promise<string> {
  const payload = encodeEnvelope(envelope);
  if (fitsNotify(payload)) return payload;
  const [row] = await tx.insert(realtimeSpill).values({ envelope: payload }).returning({ id: realtimeSpill.id });
  // Rare, so the clean-up rides along: what every instance has had minutes to read.
  await tx
    .delete(realtimeSpill)
    .where(lt(realtimeSpill.createdAt, sql`now() - make_interval(mins => ${SPILL_KEEP_MINUTES})`));
  const spill: SpillReference = { spill: row!.id };
  return JSON.stringify(spill);
}

/**
 * An expression that sends these payloads (from `notifyPayload`), in order, and counts them:
 * a statement that writes something can announce it too, without a statement of its own
 * (the change record's insert does, service/changes.ts).
 */
export function notifySql(payloads: readonly string[]): SQL<number> {
  const rows = sql.join(
    payloads.map((payload) => sql`(${payload}::text)`),
    sql`, `,
  );
  return sql<number>`(select count(pg_notify(${REALTIME_CHANNEL}, payload))::int from (values ${rows}) as announced(payload))`;
}
