import { describe, expect, it, vi } from 'vitest';
import { MAX_BUFFERED_BYTES, SseStream } from './sse-stream';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

describe('SseStream', () => {
  it('hands a frame to a waiting reader as it is, and keeps frames in order while nobody reads', async () => {
    const stream = new SseStream(() => {});
    const reader = stream.body.getReader();
    const pending = reader.read();
    const frame = bytes('data: one\n\n');
    stream.write(frame);
    // The very same bytes object: streams sharing an envelope share its serialisation.
    expect((await pending).value).toBe(frame);

    stream.write(bytes('data: two\n\n'));
    stream.write(bytes('data: three\n\n'));
    expect(stream.bufferedBytes).toBe(bytes('data: two\n\ndata: three\n\n').byteLength);
    expect(text((await reader.read()).value)).toBe('data: two\n\n');
    expect(text((await reader.read()).value)).toBe('data: three\n\n');
    expect(stream.bufferedBytes).toBe(0);
  });

  it('has no room once a reader falls MAX_BUFFERED_BYTES behind, and room again once it reads', async () => {
    const stream = new SseStream(() => {});
    const chunk = new Uint8Array(64 * 1024);
    const frames = MAX_BUFFERED_BYTES / chunk.byteLength;
    for (let i = 0; i < frames - 1; i++) stream.write(chunk);
    expect(stream.hasRoom).toBe(true);
    stream.write(chunk);
    expect(stream.hasRoom).toBe(false);

    const room = vi.fn();
    void stream.room().then(room);
    await Promise.resolve();
    expect(room).not.toHaveBeenCalled();
    const reader = stream.body.getReader();
    await reader.read();
    await vi.waitFor(() => expect(room).toHaveBeenCalled());
    expect(stream.hasRoom).toBe(true);
  });

  it('closes after the reader has taken what was written', async () => {
    const stream = new SseStream(() => {});
    stream.write(bytes('data: last\n\n'));
    stream.close();
    expect(stream.open).toBe(false);
    stream.write(bytes('data: after close\n\n'));
    const reader = stream.body.getReader();
    expect(text((await reader.read()).value)).toBe('data: last\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('aborts at once, dropping what the reader has not taken, and wakes writers waiting for room', async () => {
    const stream = new SseStream(() => {});
    stream.write(new Uint8Array(MAX_BUFFERED_BYTES));
    const room = stream.room();
    stream.abort();
    await room;
    expect(stream.bufferedBytes).toBe(0);
    expect((await stream.body.getReader().read()).done).toBe(true);
  });

  it('tells its owner when the reader goes away, and ignores writes from then on', async () => {
    const onCancel = vi.fn();
    const stream = new SseStream(onCancel);
    stream.write(new Uint8Array(MAX_BUFFERED_BYTES));
    const room = stream.room();
    await stream.body.getReader().cancel();
    await room;
    expect(onCancel).toHaveBeenCalledOnce();
    expect(stream.open).toBe(false);
    expect(stream.bufferedBytes).toBe(0);
    stream.write(bytes('data: ignored\n\n'));
    expect(stream.bufferedBytes).toBe(0);
  });
});
