/**
 * Scenario 4, chat fan-out: many realtime streams (GET /api/realtime) open on one portal
 * instance, all signed in as the bench admin, in sessions of at most MAX_STREAMS_PER_SESSION
 * streams each (the server's cap, decision 0091; the sessions are signed in before the opening
 * is timed); a chat message is posted and its arrival at every stream is timed. The streams are opened from this process (the server's own file limit is
 * spent on its side of the sockets only). Server memory is the server process's resident set
 * before and after the streams open.
 */
import http from 'node:http';
import { MAX_STREAMS_PER_SESSION } from '#server/realtime/routes';
import { residentBytes } from '../portal';
import { summarize, type Summary } from '../stats';

const CHANNEL = { chatType: 'partner', partner: 'General Partners' } as const;
/** Streams opened at once; more only queues sign-in lookups on the server. */
const OPEN_CONCURRENCY = 200;

interface Stream {
  request: http.ClientRequest;
  /** Arrival time (performance.now()) of each bench message this stream received, by marker. */
  arrivals: Map<string, number>;
}

export interface FanOutFigure {
  streams: number;
  openSeconds: number;
  latencyMs: Summary;
  /** Deliveries per second: subscribers reached per message / time until the last one, median over messages. */
  deliveriesPerSecond: number;
  messages: number;
  missed: number;
  serverRssBytes: number;
  bytesPerStream: number;
}

export class StreamPool {
  private readonly streams: Stream[] = [];
  private readonly agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

  /** One session per MAX_STREAMS_PER_SESSION streams; the first also posts the messages. */
  private readonly cookies: string[];

  constructor(
    private readonly url: string,
    private readonly cookie: string,
    private readonly signIn: () => Promise<string>,
  ) {
    this.cookies = [cookie];
  }

  get size() {
    return this.streams.length;
  }

  /**
   * Signs in enough sessions for `total` streams, one after another: the sign-in throttle counts
   * each attempt in flight until it succeeds, so a burst in parallel would be held back.
   */
  async ensureSessions(total: number): Promise<void> {
    const needed = Math.ceil(total / MAX_STREAMS_PER_SESSION);
    while (this.cookies.length < needed) this.cookies.push(await this.signIn());
  }

  /** Opens streams until `total` are open, each one confirmed by its 'ready' event. */
  async growTo(total: number): Promise<void> {
    await this.ensureSessions(total);
    let next = this.streams.length;
    const worker = async () => {
      while (next < total) {
        const index = next++;
        this.streams.push(await this.open(this.cookies[Math.floor(index / MAX_STREAMS_PER_SESSION)]!));
      }
    };
    await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, total - next) }, worker));
  }

  private open(cookie: string): Promise<Stream> {
    return new Promise((resolve, reject) => {
      const arrivals = new Map<string, number>();
      const request = http.get(
        `${this.url}/api/realtime`,
        { agent: this.agent, headers: { cookie, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            reject(new Error(`realtime stream refused: ${response.statusCode}`));
            return;
          }
          response.setEncoding('utf8');
          let ready = false;
          response.on('data', (chunk: string) => {
            if (!ready && chunk.includes('event: ready')) {
              ready = true;
              resolve(stream);
            }
            if (chunk.includes('event: chat.message')) {
              const at = performance.now();
              for (const match of chunk.matchAll(/bench-fanout-(\d+)/g)) arrivals.set(match[1]!, at);
            }
          });
          response.on('error', () => {});
        },
      );
      const stream: Stream = { request, arrivals };
      request.on('error', reject);
    });
  }

  /** Posts one message and waits until every stream has it (or the timeout passes). */
  async fanOut(marker: string, timeoutMs: number): Promise<{ latencies: number[]; missed: number; lastMs: number }> {
    const sentAt = performance.now();
    const response = await fetch(`${this.url}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie, origin: this.url },
      body: JSON.stringify({ ...CHANNEL, content: `bench-fanout-${marker}` }),
    });
    if (response.status !== 201)
      throw new Error(`sending a chat message failed: ${response.status} ${await response.text()}`);
    const deadline = sentAt + timeoutMs;
    while (performance.now() < deadline && this.streams.some((s) => !s.arrivals.has(marker))) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const latencies: number[] = [];
    let missed = 0;
    for (const stream of this.streams) {
      const at = stream.arrivals.get(marker);
      if (at === undefined) missed++;
      else latencies.push(at - sentAt);
      stream.arrivals.delete(marker);
    }
    return { latencies, missed, lastMs: latencies.length ? Math.max(...latencies) : timeoutMs };
  }

  close() {
    for (const stream of this.streams) stream.request.destroy();
    this.streams.length = 0;
    this.agent.destroy();
  }
}

let markerSeq = 0;

/**
 * Grows the pool to each level in turn and measures the fan-out there. Memory per stream is
 * (RSS now - RSS before any stream) / streams.
 */
export async function measureFanOut(
  url: string,
  cookie: string,
  signIn: () => Promise<string>,
  pid: number,
  levels: number[],
  messagesPerLevel: (streams: number) => number,
): Promise<FanOutFigure[]> {
  const pool = new StreamPool(url, cookie, signIn);
  const figures: FanOutFigure[] = [];
  try {
    // One warm-up stream and message: JIT and the chat statements' plans, outside the figures.
    await pool.growTo(1);
    await pool.fanOut(`warmup-${markerSeq++}`, 10_000);
    const baseline = await residentBytes(pid);
    for (const level of levels) {
      await pool.ensureSessions(level);
      const openStart = performance.now();
      await pool.growTo(level);
      const openSeconds = (performance.now() - openStart) / 1000;
      // Let the server settle (sockets' buffers, session refreshes) before reading its memory.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rss = await residentBytes(pid);
      const latencies: number[] = [];
      const rates: number[] = [];
      let missed = 0;
      const count = messagesPerLevel(level);
      for (let i = 0; i < count; i++) {
        const result = await pool.fanOut(String(markerSeq++), 60_000);
        latencies.push(...result.latencies);
        missed += result.missed;
        rates.push(result.latencies.length / (result.lastMs / 1000));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      rates.sort((a, b) => a - b);
      figures.push({
        streams: pool.size,
        openSeconds,
        latencyMs: summarize(latencies.length ? latencies : [Number.NaN]),
        deliveriesPerSecond: rates[Math.floor(rates.length / 2)]!,
        messages: count,
        missed,
        serverRssBytes: rss,
        bytesPerStream: (rss - baseline) / pool.size,
      });
    }
  } finally {
    pool.close();
  }
  return figures;
}
