import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { organizations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { OrganizationRow } from '../../types';
import { countActiveSpaces } from './count-active-spaces';
import { getSubscription } from './get-subscription';

/**
 * Refuses one more active space when the hub's plan is full (HTTP 422, code
 * plan_limit). Run it inside the transaction that adds the space: it locks
 * the hub row, so two people cannot both take the last slot.
 */
export async function assertSpaceCapacity(opts: { db: Database; organization: OrganizationRow }): Promise<void> {
  const { db, organization } = opts;
  await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organization.id)).for('update');
  // One after the other: callers pass a transaction, which has a single connection.
  const { plan } = await getSubscription(opts);
  const used = await countActiveSpaces({ db, organizationId: organization.id });
  if (used >= plan.limits.spaces) {
    throw new AppError(
      422,
      'plan_limit',
      `This hub has reached the ${plan.name} plan's limit of ${plan.limits.spaces} spaces. Archive a space you no longer need, or ask the hub owner to upgrade the plan.`,
    );
  }
}
