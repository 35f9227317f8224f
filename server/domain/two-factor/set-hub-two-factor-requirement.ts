import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { hubs } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { HubContext, UserRow } from '../../types';
import type { HubTwoFactorPolicy } from '../../../lib/contract/two-factor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { getHubTwoFactorPolicy } from './get-hub-two-factor-policy';
import { hasTwoFactor } from './has-two-factor';

/**
 * Turns the hub's two-factor requirement on or off (its endpoint requires update). An owner must
 * have two-factor sign-in to require it, or the switch would lock them out
 * of their own hub. Members without it are then kept out of the hub until
 * they set it up (see requireHub).
 */
export async function setHubTwoFactorRequirement(opts: {
  db: Database;
  hub: HubContext;
  user: UserRow;
  required: boolean;
  client: ClientInfo;
}): Promise<HubTwoFactorPolicy> {
  const { db, hub, user, required } = opts;
  if (required && !(await hasTwoFactor({ db, user }))) {
    throw forbidden('Set up two-factor sign-in for your own account first: then you can require it of everyone.', 'two_factor_required');
  }
  const from = hub.organization.requireTwoFactor;
  if (from !== required) {
    await db.transaction(async (tx) => {
      await tx.update(hubs).set({ requireTwoFactor: required }).where(eq(hubs.id, hub.organization.id));
      await recordAuditEvent({
        db: tx, type: 'two_factor_requirement_changed', hubId: hub.organization.id, actorId: user.id, client: opts.client,
        data: { target: { kind: 'hub', id: hub.organization.id, name: hub.organization.name }, from, to: required },
      });
    });
  }
  return getHubTwoFactorPolicy({ db, hub, user, required });
}
