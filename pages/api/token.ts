import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { TOKEN_COOKIE } from '@/lib/token-cookie';

/**
 * The web app's own token store (spec §7): the session token lives in an
 * httpOnly cookie that page scripts cannot read, and the app asks this route
 * for it when it starts.
 */
export { TOKEN_COOKIE };
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const config = { api: { bodyParser: { sizeLimit: '16kb' } } };

const tokenBody = z.object({
  token: z.string({ error: 'Please enter Token' }).min(1, 'Please enter Token').max(4096, 'Token must be up to 4096 characters'),
});

interface ErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string[]>;
}

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

function isHttps(req: IncomingMessage): boolean {
  return Boolean((req.socket as Partial<TLSSocket>).encrypted) || firstHeader(req.headers['x-forwarded-proto']) === 'https';
}

/**
 * Secure cookies are only sent back over https. `npm start` serves plain
 * http on localhost in production mode, where a Secure cookie would be
 * dropped and nobody could stay signed in, so Secure follows the request:
 * on in production over https (directly or behind a proxy that sets
 * X-Forwarded-Proto), and COOKIE_SECURE=true|false overrides the choice.
 */
function secureCookie(req: IncomingMessage): boolean {
  if (process.env.COOKIE_SECURE === 'true') return true;
  if (process.env.COOKIE_SECURE === 'false') return false;
  return process.env.NODE_ENV === 'production' && isHttps(req);
}

function cookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${TOKEN_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Browsers send Origin on every cross-site POST/DELETE; one that names
 * another host is a forged request. The forwarded host counts too, for a
 * proxy that rewrites Host (a cross-site page cannot set that header).
 */
function isCrossOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const hosts = [req.headers.host, firstHeader(req.headers['x-forwarded-host'])].filter(Boolean);
  return !hosts.includes(originHost);
}

function readCookie(req: NextApiRequest): string | null {
  const value = req.cookies[TOKEN_COOKIE];
  return value ? value : null;
}

export default function handler(req: NextApiRequest, res: NextApiResponse<{ data: unknown } | ErrorBody>) {
  res.setHeader('Cache-Control', 'no-store');

  if (req.method === 'GET') {
    return res.status(200).json({ data: { token: readCookie(req) } });
  }

  if (req.method !== 'POST' && req.method !== 'DELETE') {
    res.setHeader('Allow', 'GET, POST, DELETE');
    return res.status(405).json({ message: 'That method is not allowed here.', code: 'method_not_allowed' });
  }

  if (isCrossOrigin(req)) {
    return res.status(403).json({ message: 'Cross-origin requests are not allowed.', code: 'forbidden' });
  }

  if (req.method === 'DELETE') {
    res.setHeader('Set-Cookie', cookie('', 0, secureCookie(req)));
    return res.status(200).json({ data: null });
  }

  const parsed = tokenBody.safeParse(req.body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'token')] ??= []).push(issue.message);
    return res.status(400).json({ message: parsed.error.issues[0]?.message ?? 'Please check the token.', code: 'validation_error', errors });
  }
  res.setHeader('Set-Cookie', cookie(parsed.data.token, MAX_AGE_SECONDS, secureCookie(req)));
  return res.status(200).json({ data: null });
}
