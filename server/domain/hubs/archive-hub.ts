import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { hubs, users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import type { HubContext, UserRow } from '../../types';
import { hubTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';

/**
 * Archives the hub (owner only, after typing its handle): it leaves every
 * list, `auth/me/` and the joinable hubs, and stops being anyone's active
 * hub; its data stays. Returns the caller as they now are.
 */
export async function archiveHub(opts: {
  db: Database;
  user: UserRow;
  hub: HubContext;
  confirm: string;
  client: ClientInfo;
}): Promise<UserRow> {
  const { organization: hub } = opts.hub;
  if (opts.confirm.trim().toLowerCase() !== hub.domainHandle) {
    throw fieldError('confirm', `Type the hub handle (${hub.domainHandle}) to confirm`);
  }
  await opts.db.transaction(async (tx) => {
    await tx.update(hubs).set({ archivedAt: sql`now()` }).where(eq(hubs.id, hub.id));
    await tx.update(users).set({ activeHubId: null }).where(eq(users.activeHubId, hub.id));
    await recordAuditEvent({
      db: tx, type: 'hub_archived', hubId: hub.id, actorId: opts.user.id, client: opts.client,
      data: { target: hubTarget(hub) },
    });
  });
  return { ...opts.user, activeHubId: opts.user.activeHubId === hub.id ? null : opts.user.activeHubId };
}
