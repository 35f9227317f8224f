import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { sessions } from '../../db/schema';
import { signSessionToken } from '../../lib/tokens';

/** What the session remembers about the browser that signed in. */
export interface ClientInfo {
  visitorId?: string | null;
  userAgent?: string | null;
  ip?: string | null;
}

/** Records a sign-in and returns the JWT that names it. */
export async function createSession(opts: {
  db: Database;
  config: Config;
  userId: string;
  client: ClientInfo;
}): Promise<{ token: string; sessionId: string }> {
  const [session] = await opts.db
    .insert(sessions)
    .values({
      userId: opts.userId,
      visitorId: opts.client.visitorId ?? null,
      userAgent: opts.client.userAgent?.slice(0, 512) ?? null,
      ip: opts.client.ip ?? null,
      expiresAt: new Date(Date.now() + opts.config.sessionTtlSeconds * 1000),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned no row');
  const token = await signSessionToken(
    { sessionId: session.id, userId: opts.userId },
    opts.config.jwtSecret,
    opts.config.sessionTtlSeconds,
  );
  return { token, sessionId: session.id };
}
