import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message the test SMTP server accepted: parsed by mailparser, with the envelope it came in. */
export interface ReceivedMail {
  mail: ParsedMail;
  envelope: { from: string; to: string[] };
}

/**
 * A real SMTP server for tests (the `smtp-server` package, messages parsed by `mailparser`, both
 * independent of the sender under test). It can refuse every message with a reply code, stop
 * (connections refused) and start again on the same port.
 */
export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Answers every message with this code from now on (550: permanent, 451: temporary); null accepts. */
  refuseWith(code: number | null): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Waits until `count` messages have arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

export async function startTestSmtpServer(
  options: {
    port?: number;
    onReceive?: (received: ReceivedMail) => void;
    /** Milliseconds each message takes to be accepted: a slow server, so a sender can die mid-send. */
    delayMs?: number;
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: number | null = null;
  let port = options.port ?? 0;
  let server: SMTPServer | undefined;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      // A stop cuts the sender's pooled connections at once, as a server going away does.
      closeTimeout: 50,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session: SMTPServerSession, callback) {
        simpleParser(stream).then(
          async (mail) => {
            if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
            if (refusal !== null) {
              const err = new Error(refusal >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & {
                responseCode: number;
              };
              err.responseCode = refusal;
              callback(err);
              return;
            }
            const message = {
              mail,
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
              },
            };
            received.push(message);
            options.onReceive?.(message);
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });

  const start = async () => {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  await start();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    refuseWith: (code) => {
      refusal = code;
    },
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
  };
}
