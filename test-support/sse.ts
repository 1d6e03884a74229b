export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads server-sent events from a response body one at a time. Comments (keep-alives) are
 * skipped. close() cancels the body, which is what a browser closing the tab does.
 */
export function readSse(response: Response) {
  if (!response.body) throw new Error('response has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;

  async function next(timeoutMs = 5000): Promise<SseMessage> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no server-sent event within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([readOne(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function readOne(): Promise<SseMessage> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message = parseBlock(block);
        if (message) return message;
        continue;
      }
      if (done) throw new Error('the event stream ended');
      const chunk = await reader.read();
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    next,
    /** Resolves true once the server has ended the stream (reads past anything still buffered). */
    async ended(timeoutMs = 5000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (!done && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deadline - Date.now()))),
        ]);
        clearTimeout(timer);
        if (chunk === null) break;
        if (chunk.done) done = true;
      }
      return done;
    },
    async close() {
      if (!done) await reader.cancel().catch(() => {});
      done = true;
    },
  };
}

function parseBlock(block: string): SseMessage | undefined {
  let event = 'message';
  const data: string[] = [];
  let id: string | undefined;
  let sawField = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    sawField = true;
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  return sawField ? { event, data: data.join('\n'), id } : undefined;
}

/**
 * Opens a realtime stream on an in-process app as `cookie` (with a catch-up cursor when
 * given), checks it was accepted and reads past its 'ready' event. Each stream is added to
 * `openStreams`, for the suite to close after each test.
 */
export async function openRealtimeStream(
  app: { request(path: string, init: RequestInit): Response | Promise<Response> },
  cookie: string,
  openStreams: ReturnType<typeof readSse>[],
  lastEventId?: number,
) {
  const query = lastEventId === undefined ? '' : `?lastEventId=${lastEventId}`;
  const response = await app.request(`/api/realtime${query}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`the realtime stream was refused: ${response.status}`);
  const reader = readSse(response);
  openStreams.push(reader);
  const ready = await reader.next();
  if (ready.event !== 'ready') throw new Error(`the stream began with ${ready.event}, not ready`);
  return reader;
}
