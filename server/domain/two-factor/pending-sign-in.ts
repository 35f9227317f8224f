import type { ClientInfo } from '../sessions/create-session';

/** auth_challenges purpose of a sign-in whose password (or Google) was right and whose second factor is owed. */
export const PENDING_SIGN_IN = 'sign_in';

/** What a pending sign-in keeps for the session it will become. */
export interface PendingSignInData {
  client: { visitor_id: string | null; user_agent: string | null; ip: string | null };
}

export const pendingDataOf = (client: ClientInfo): PendingSignInData => ({
  client: { visitor_id: client.visitorId ?? null, user_agent: client.userAgent?.slice(0, 512) ?? null, ip: client.ip ?? null },
});

/** The browser facts the pending sign-in was started with (stored as JSON, so read defensively). */
export function clientOfPending(data: Record<string, unknown>): ClientInfo {
  const client = (data as Partial<PendingSignInData>).client;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { visitorId: text(client?.visitor_id), userAgent: text(client?.user_agent), ip: text(client?.ip) };
}
