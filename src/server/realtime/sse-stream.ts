/** How far (in bytes not yet taken by the reader) a stream may fall behind before writers wait. */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * The body of one server-sent-events response: a web ReadableStream fed with preformatted
 * frames. A frame goes straight to a reader that is waiting for one (the socket pump of
 * @hono/node-server, which asks for the next chunk once the socket took the last, or a test
 * reading in process); otherwise it waits here, in order. `hasRoom` turns false once
 * MAX_BUFFERED_BYTES wait, so a reader that does not keep up cannot make this grow without
 * bound: the caller waits for `room()` or gives the stream up (decision 0058).
 *
 * One ReadableStream with a high-water mark of 0 replaces hono's streamSSE (a TransformStream
 * behind a second ReadableStream, a writer and a reader): per frame that chain cost a dozen
 * promises, per stream and per event.
 */
export class SseStream {
  readonly body: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly waiting: Uint8Array[] = [];
  private waitingBytes = 0;
  private readerWaiting = false;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private roomWaiters: (() => void)[] = [];

  /** `onCancel` runs when the reader goes away (the tab closed, the socket dropped). */
  constructor(onCancel: () => void) {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: () => this.pull(),
        cancel: () => {
          this.discard();
          this.state = 'closed';
          this.wakeWriters();
          onCancel();
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** False once closing or closed: writes are then ignored. */
  get open(): boolean {
    return this.state === 'open';
  }

  get hasRoom(): boolean {
    return this.waitingBytes < MAX_BUFFERED_BYTES;
  }

  /** Bytes written that the reader has not taken yet. */
  get bufferedBytes(): number {
    return this.waitingBytes;
  }

  write(frame: Uint8Array): void {
    if (this.state !== 'open') return;
    if (this.readerWaiting) {
      this.readerWaiting = false;
      this.controller.enqueue(frame);
      return;
    }
    this.waiting.push(frame);
    this.waitingBytes += frame.byteLength;
  }

  /** Resolves once `hasRoom` is true again, or the stream has ended. */
  room(): Promise<void> {
    if (this.hasRoom || this.state === 'closed') return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /** Ends the stream once the reader has taken everything already written. */
  close(): void {
    if (this.state !== 'open') return;
    this.state = 'closing';
    if (this.waiting.length === 0) this.finish();
  }

  /** Ends the stream now, dropping what the reader has not taken (a reader too far behind). */
  abort(): void {
    if (this.state === 'closed') return;
    this.discard();
    this.finish();
  }

  private pull(): void {
    const frame = this.waiting.shift();
    if (frame === undefined) {
      this.readerWaiting = true;
      return;
    }
    this.waitingBytes -= frame.byteLength;
    this.controller.enqueue(frame);
    if (this.state === 'closing' && this.waiting.length === 0) this.finish();
    else if (this.hasRoom) this.wakeWriters();
  }

  private finish(): void {
    this.state = 'closed';
    this.readerWaiting = false;
    this.controller.close();
    this.wakeWriters();
  }

  private discard(): void {
    this.waiting.length = 0;
    this.waitingBytes = 0;
  }

  private wakeWriters(): void {
    const waiters = this.roomWaiters;
    if (waiters.length === 0) return;
    this.roomWaiters = [];
    for (const wake of waiters) wake();
  }
}
