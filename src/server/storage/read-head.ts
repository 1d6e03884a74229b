import { PassThrough, pipeline, type Readable } from 'node:stream';

/**
 * Reads the first `size` bytes of a stream (fewer if it is shorter) without consuming it:
 * `body` yields the whole stream again, head included, so the content can be checked by its
 * magic bytes before it is stored. Destroying `body` destroys `source` too.
 */
export function readHead(source: Readable, size: number): Promise<{ head: Buffer; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
    };
    const finish = (ended: boolean) => {
      cleanup();
      source.pause();
      const buffered = Buffer.concat(chunks);
      const body = new PassThrough();
      if (ended) {
        body.end(buffered);
      } else {
        body.write(buffered);
        // Errors reach the consumer through `body`, which pipeline destroys with them.
        pipeline(source, body, () => {});
      }
      resolve({ head: buffered.subarray(0, size), body });
    };
    function onData(chunk: Buffer) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= size) finish(false);
    }
    function onEnd() {
      finish(true);
    }
    function onError(err: Error) {
      cleanup();
      reject(err);
    }
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onError);
  });
}
