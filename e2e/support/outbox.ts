import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/**
 * The mail outbox (`<DATA_DIR>/mail`) of the server under test (see
 * playwright.config.ts), or of a server a test started itself.
 */
function outboxDir(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with `npm run test:e2e`');
  return path.join(dataDir, 'mail');
}

async function listMessages(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Waits for the newest message to `email` whose text matches `pattern`, as the
 * person would read it in their inbox, and returns the first capture group.
 */
async function readFromMail(email: string, pattern: RegExp, what: string, dir = outboxDir(), timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newestFirst = (await listMessages(dir)).sort().reverse();
    for (const name of newestFirst) {
      const mail = await simpleParser(await readFile(path.join(dir, name)));
      const recipients = [mail.to ?? []].flat().flatMap((to) => to.value.map((a) => a.address?.toLowerCase()));
      const found = pattern.exec(mail.text ?? '')?.[1];
      if (found && recipients.includes(email.toLowerCase())) return found;
    }
    if (Date.now() > deadline) throw new Error(`no ${what} for ${email} in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The newest 6-digit verification code sent to `email` (by the server on `dataDir`, the suite's own by default). */
export const verificationCodeFor = (email: string, dataDir?: string) =>
  readFromMail(email, /\b(\d{6})\b/, 'verification code', outboxDir(dataDir));

/** The newest invitation link sent to `email`, as an absolute URL. */
export const invitationLinkFor = (email: string) =>
  readFromMail(email, /(https?:\/\/\S+\/join-hub\?invitation=[\w-]+)/, 'invitation link');
