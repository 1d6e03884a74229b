import type { Transporter } from 'nodemailer';

export interface OutgoingMessage {
  from: string;
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Where emails go: SMTP in production (nodemailer), anything that accepts a message in tests. */
export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with its reply otherwise. */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/**
 * An SMTP connection pool from `SMTP_URL` (smtp:// with STARTTLS when offered, or smtps://).
 * nodemailer is loaded with the first message rather than with this module, which every
 * start-up loads, with SMTP or without (docs/decisions/0150).
 */
export function smtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const loaded = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        pool: true,
        // A server that stops answering must not hold the sender for nodemailer's default
        // minutes: the email is retried later instead (docs/decisions/0099).
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      }),
    ));
  return {
    async send(message) {
      await (await loaded()).sendMail(message);
    },
    // A pool that never loaded has nothing to close (its failure was the sender's to report).
    close: () =>
      void transporter?.then(
        (smtp) => smtp.close(),
        () => {},
      ),
  };
}
