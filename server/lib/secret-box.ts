import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Encryption at rest for small secrets the server must read back (the
 * authenticator-app secret): AES-256-GCM with a key derived from the server
 * secret by HKDF, so a copy of the database alone does not reveal them.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */

const VERSION = 'v1';
const keys = new WeakMap<Uint8Array, Map<string, Buffer>>();

/** One key per server secret and purpose; a key for one purpose cannot open another's boxes. */
function keyFor(serverSecret: Uint8Array, purpose: string): Buffer {
  let byPurpose = keys.get(serverSecret);
  if (!byPurpose) keys.set(serverSecret, (byPurpose = new Map()));
  let key = byPurpose.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'convene-secret-box', purpose, 32));
    byPurpose.set(purpose, key);
  }
  return key;
}

export function sealSecret(opts: { serverSecret: Uint8Array; purpose: string; plaintext: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(opts.serverSecret, opts.purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(opts.plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The plaintext, or null when the box was sealed with another key or purpose or was altered. */
export function openSecret(opts: { serverSecret: Uint8Array; purpose: string; sealed: string }): string | null {
  const [version, iv, tag, ciphertext, ...rest] = opts.sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
  try {
    // A fixed tag length: GCM would otherwise accept a truncated (guessable) tag.
    const decipher = createDecipheriv('aes-256-gcm', keyFor(opts.serverSecret, opts.purpose), Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
