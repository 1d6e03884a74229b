import { describe, expect, it } from 'vitest';
import type { Envelope } from './event-bus';
import { encodeSseFrame, envelopeFrame, HEARTBEAT_FRAME, READY_FRAME } from './sse-frames';

const text = (frame: Uint8Array) => new TextDecoder().decode(frame);

describe('encodeSseFrame', () => {
  it('writes the event, each data line and the id, ending with a blank line', () => {
    expect(text(encodeSseFrame({ event: 'chat.message', data: '{"a":1}', id: '42' }))).toBe(
      'event: chat.message\ndata: {"a":1}\nid: 42\n\n',
    );
    expect(text(encodeSseFrame({ data: 'one\ntwo\r\nthree\rfour' }))).toBe(
      'data: one\ndata: two\ndata: three\ndata: four\n\n',
    );
    expect(text(READY_FRAME)).toBe('event: ready\ndata: {}\n\n');
    expect(text(HEARTBEAT_FRAME)).toBe(': keep-alive\n\n');
  });

  it('encodes text as UTF-8', () => {
    const frame = encodeSseFrame({ data: 'Grüße ✓' });
    expect(text(frame)).toBe('data: Grüße ✓\n\n');
    expect(frame.byteLength).toBe(Buffer.byteLength('data: Grüße ✓\n\n'));
  });

  it('refuses an event name or id that would break the framing', () => {
    expect(() => encodeSseFrame({ event: 'a\nevent: forged', data: '' })).toThrow(/event/);
    expect(() => encodeSseFrame({ data: '', id: '1\r2' })).toThrow(/id/);
  });
});

describe('envelopeFrame', () => {
  const envelope = (): Envelope => ({
    audience: { feature: 'tasks' },
    event: { type: 'tasks.changed', taskId: 't-1', change: 'created' },
  });

  it('serialises an envelope once and hands every stream the same bytes', () => {
    const shared = envelope();
    const first = envelopeFrame(shared);
    expect(envelopeFrame(shared)).toBe(first);
    // An equal but distinct envelope (a replay's) gets its own frame with the same content.
    const other = envelopeFrame(envelope());
    expect(other).not.toBe(first);
    expect(text(other)).toBe(text(first));
  });

  it('carries the event as JSON, its type as the event name, and the cursor as the id', () => {
    expect(text(envelopeFrame(envelope()))).toBe(
      'event: tasks.changed\ndata: {"type":"tasks.changed","taskId":"t-1","change":"created"}\n\n',
    );
    const withId: Envelope = { ...envelope(), id: 7 };
    expect(text(envelopeFrame(withId))).toMatch(/\nid: 7\n\n$/);
  });
});
