import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the request has been answered. Mails a stranger can trigger
   * (codes, reset links) go this way, so an answer takes the same time whether
   * or not a mail was due. `message` may be a function that does the work the
   * mail stands for (finding the account, storing a code) and returns the mail,
   * or null for none: that work then happens after the answer too. A failure
   * is logged and `onFailure` undoes what the mail stood for.
   */
  queue(message: MailMessage | (() => Promise<MailMessage | null>), onFailure?: () => Promise<void>): void;
}

/** Adds `queue` to a sender: the mail goes out in the background, a failure is logged once. */
function withQueue(send: Mailer['send'], logger: FastifyBaseLogger): Mailer {
  return {
    send,
    queue(message, onFailure) {
      setImmediate(() => {
        const compose = typeof message === 'function' ? message : async () => message;
        compose()
          .then((composed) => (composed ? send(composed) : undefined))
          .catch(async (err: unknown) => {
            logger.error({ err }, 'mail could not be sent');
            await onFailure?.().catch((undoErr: unknown) => logger.error({ err: undoErr }, 'undoing an unsent mail failed'));
          });
      });
    },
  };
}

/** A mailer that hands each message to `deliver` at once (benchmarks, tools). */
export const inMemoryMailer = (deliver: (message: MailMessage) => void): Mailer => ({
  send: async (message) => deliver(message),
  queue: (message) => {
    void (typeof message === 'function' ? message() : Promise.resolve(message)).then((composed) => composed && deliver(composed));
  },
});

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written to the outbox
 * folder as an .eml file and logged in one line, so a local user can read it.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return withQueue(async (message) => {
      await transport.sendMail({ from: opts.from, ...message });
      opts.logger.info({ subject: message.subject }, 'mail sent');
    }, opts.logger);
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return withQueue(async (message) => {
    const info = await transport.sendMail({ from: opts.from, ...message });
    await mkdir(opts.outboxDir, { recursive: true });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = path.join(opts.outboxDir, `${Date.now()}-${safeTo}.eml`);
    await writeFile(file, info.message as Buffer);
    // Only the file: the address is personal data and the outbox already names it.
    opts.logger.info({ subject: message.subject, file }, 'mail written to outbox');
  }, opts.logger);
}
