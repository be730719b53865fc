/**
 * Outgoing mail (DESIGN.md §2): nodemailer over SMTP when `SMTP_URL` is set; otherwise each message is written as an
 * .eml file into `DATA_DIR/outbox/`, so a fresh clone sends nothing and the mail can still be read.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  /**
   * A stable key for this message (e.g. `order-confirmation-<order id>`): it becomes the Message-ID, so a receiver
   * can drop a resend, and the .eml file name, so a resend overwrites instead of adding a copy.
   */
  key?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends the message; resolves with where it went (SMTP message id or the .eml path). */
  send(message: MailMessage): Promise<string>;
  /**
   * The folder it writes .eml files into (no SMTP_URL); created by the first message, and checked by the health
   * route. Undefined for a mailer that keeps nothing on disk.
   */
  readonly outboxDir?: string;
}

function envelope(from: string, { key, ...message }: MailMessage) {
  return { from, ...message, ...(key ? { messageId: `<${key}@emporium.mail>` } : {}) };
}

/** A mailer for `{smtpUrl, from}`; without `smtpUrl`, files in `outboxDir`. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail(envelope(options.from, message));
        return String(info.messageId);
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: options.outboxDir,
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      // Made here, not only at start-up: a fresh container's DATA_DIR may not exist until the first message.
      await mkdir(options.outboxDir, { recursive: true });
      const name = message.key
        ? `${message.key.replace(/[^a-zA-Z0-9-]/g, '_')}.eml`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const path = join(options.outboxDir, name);
      // Written whole, then renamed: a reader never sees a half-written message.
      await writeFile(`${path}.partial`, info.message as Buffer);
      await rename(`${path}.partial`, path);
      return path;
    },
  };
}
