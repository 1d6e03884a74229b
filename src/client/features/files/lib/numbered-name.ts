import { numberedFileName } from '#shared/schemas/files';

/**
 * Whether `kept` is the name the server gives a second `sent` in one folder ("notes (1).txt"),
 * by the server's own rule (`numberedFileName`, decision 0041).
 */
export function numberedTwin(sent: string, kept: string) {
  const n = /\((\d+)\)(?:\.[^.]*)?$/.exec(kept)?.[1];
  return n !== undefined && kept === numberedFileName(sent, Number(n));
}
