/**
 * Scenario 15, onboarding video streaming (issue 22 item 7): a 1 GB video stored on disk as an
 * onboarding step's video, then 20 clients at once each asking for byte ranges of it at spread
 * offsets, as players seeking and resuming do, for a fixed number of requests. The portal's
 * resident memory is sampled every 50 ms: a server that held a video, or a whole range, in
 * memory would grow with the bytes it serves.
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { DiskStorage } from '#server/storage/disk-storage';
import { newObjectKey } from '#server/storage/index';
import { residentBytes, watchResidentPeak, settle } from '../portal';

export interface VideoFigures {
  videoBytes: number;
  clients: number;
  requests: number;
  /** Bytes the clients received in all. */
  servedBytes: number;
  seconds: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
}

const VIDEO_BYTES = 1024 * 1024 * 1024;
const CLIENTS = 20;
const REQUESTS_PER_CLIENT = 25;
/** What a player asks for at a time: a few seconds of a training video. */
const RANGE_BYTES = 8 * 1024 * 1024;
/** A WebM file starts with the EBML magic; the rest is filler, since only bytes are served. */
const WEBM_HEAD = Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d', 'hex');

/** Writes the video into the portal's DATA_DIR storage (streamed) and makes it step 99's video. */
export async function seedVideo(db: Db, dataDir: string): Promise<{ stepId: string }> {
  const storage = new DiskStorage(path.join(dataDir, 'storage'));
  const key = newObjectKey('onboarding-videos');
  const chunk = Buffer.alloc(1024 * 1024, 0x42);
  async function* bytes() {
    yield WEBM_HEAD;
    let left = VIDEO_BYTES - WEBM_HEAD.length;
    while (left > 0) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      yield piece;
    }
  }
  await storage.put(key, Readable.from(bytes()), { contentType: 'video/webm', maxBytes: VIDEO_BYTES });
  const result = (await db.execute(sql`
    insert into onboarding_steps (position, title, description, video_key, video_type, video_size, video_name)
    values (99, 'Bench: a long video', 'One gigabyte, streamed by range.', ${key}, 'video/webm', ${VIDEO_BYTES}, 'long.webm')
    returning id`)) as unknown as { rows: { id: string }[] };
  return { stepId: result.rows[0]!.id };
}

export async function measureVideoStreaming(
  url: string,
  cookie: string,
  pid: number,
  stepId: string,
): Promise<VideoFigures> {
  await settle(pid);
  const rss = await watchResidentPeak(pid);
  let servedBytes = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
          // Spread over the whole file, a different walk per client.
          const slot = (client * 7919 + i * 104_729) % Math.floor(VIDEO_BYTES / RANGE_BYTES);
          const from = slot * RANGE_BYTES;
          const response = await fetch(`${url}/api/onboarding/steps/${stepId}/video`, {
            headers: { cookie, range: `bytes=${from}-${from + RANGE_BYTES - 1}` },
          });
          if (response.status !== 206) throw new Error(`video range: ${response.status}`);
          // Read as a player does, chunk by chunk, without keeping the bytes.
          for await (const piece of response.body!) servedBytes += (piece as Uint8Array).length;
        }
      }),
    );
  } finally {
    rss.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  await settle(pid);
  return {
    videoBytes: VIDEO_BYTES,
    clients: CLIENTS,
    requests: CLIENTS * REQUESTS_PER_CLIENT,
    servedBytes,
    seconds,
    rssBeforeBytes: rss.beforeBytes,
    rssPeakBytes: rss.peakBytes,
    rssAfterBytes: await residentBytes(pid),
  };
}
