import nodemailer from 'nodemailer';

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

/** An SMTP connection pool from `SMTP_URL` (smtp:// with STARTTLS when offered, or smtps://). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    // A server that stops answering must not hold the sender for nodemailer's default minutes:
    // the email is retried later instead (docs/decisions/0099).
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
