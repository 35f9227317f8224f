import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { hubs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { HubRow } from '../../types';
import { countActiveSpaces } from './count-active-spaces';
import { getSubscription } from './get-subscription';

/**
 * Refuses one more active space when the hub's plan is full (HTTP 422, code
 * plan_limit). Run it inside the transaction that adds the space: it locks
 * the hub row, so two people cannot both take the last slot.
 */
export async function assertSpaceCapacity(opts: { db: Database; organization: HubRow }): Promise<void> {
  const { db, organization: hub } = opts;
  await db.select({ id: hubs.id }).from(hubs).where(eq(hubs.id, hub.id)).for('update');
  // One after the other: callers pass a transaction, which has a single connection.
  const { plan } = await getSubscription(opts);
  const used = await countActiveSpaces({ db, hubId: hub.id });
  if (used >= plan.limits.spaces) {
    throw new AppError(
      422,
      'plan_limit',
      `This hub has reached the ${plan.name} plan's limit of ${plan.limits.spaces} spaces. Archive a space you no longer need, or ask the hub owner to upgrade the plan.`,
    );
  }
}
