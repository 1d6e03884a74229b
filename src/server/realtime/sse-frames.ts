import type { Envelope } from './event-bus';

/** One server-sent event, before it is put into the wire format. */
export interface SseFields {
  event?: string;
  data: string;
  id?: string;
}

/**
 * The bytes of one server-sent event (WHATWG HTML, "Server-sent events"): each line of `data`
 * on a `data:` line, then a blank line. Event names and ids cannot span lines.
 */
export function encodeSseFrame({ event, data, id }: SseFields): Uint8Array {
  for (const [field, value] of [
    ['event', event],
    ['id', id],
  ] as const) {
    if (value !== undefined && /[\r\n]/.test(value)) throw new Error(`an SSE ${field} must not contain a line break`);
  }
  let text = event === undefined ? '' : `event: ${event}\n`;
  for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  if (id !== undefined) text += `id: ${id}\n`;
  return Buffer.from(`${text}\n`, 'utf8');
}

/** The first event of every stream: from here on the stream is subscribed. */
export const READY_FRAME = encodeSseFrame({ event: 'ready', data: '{}' });

/** A comment line: keeps proxies from closing an idle stream; EventSource ignores it. */
export const HEARTBEAT_FRAME = Buffer.from(': keep-alive\n\n', 'utf8');

const envelopeFrames = new WeakMap<Envelope, Uint8Array>();

/**
 * The frame of an envelope as every permitted stream receives it. The bus hands the same
 * envelope object to all its subscribers, so the event is serialised once, by the first stream
 * that writes it, and the others write the very same bytes (decision 0058). The cache is weak:
 * a frame lives as long as its envelope is still referenced by some stream's backlog.
 */
export function envelopeFrame(envelope: Envelope): Uint8Array {
  let frame = envelopeFrames.get(envelope);
  if (!frame) {
    const { event, id } = envelope;
    frame = encodeSseFrame({
      event: event.type,
      data: JSON.stringify(event),
      id: id === undefined ? undefined : String(id),
    });
    envelopeFrames.set(envelope, frame);
  }
  return frame;
}
