import { VISITOR_ID_SHOWN, type Session } from '../../../lib/contract/sessions';
import type { SessionRow } from '../../types';
import { describeUserAgent } from '../../../lib/user-agent';

/** A session as its owner sees it in the list of places they are signed in. */
export function presentSession(row: SessionRow, currentSessionId: string): Session {
  const { browser, os, device } = describeUserAgent(row.userAgent);
  return {
    id: row.id,
    browser,
    os,
    device,
    // The whole fingerprint is what tells the server a browser is known; it never goes back out.
    visitor_id: row.visitorId ? row.visitorId.slice(0, VISITOR_ID_SHOWN) : null,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
