import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CapturedMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server in the test process; the API sends to it exactly as it would to a provider. */
export async function startSmtpCapture() {
  const messages: CapturedMessage[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
          messages.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '' });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits for the newest message to `to` that matches, sent after `since` messages had arrived. */
  async function waitFor(to: string, match: (m: CapturedMessage) => boolean = () => true, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && match(m));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    waitFor,
    /** The 6-digit code in the newest message to `to`. */
    async codeFor(to: string) {
      const message = await waitFor(to, (m) => /\b\d{6}\b/.test(m.text));
      return /\b(\d{6})\b/.exec(message.text)![1]!;
    },
    clear: () => messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
