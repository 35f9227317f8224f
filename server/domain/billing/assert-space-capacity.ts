import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { hubs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SpaceViewer } from '../../policies/spaces';
import type { HubRow } from '../../types';
import { countActiveSpaces } from './count-active-spaces';
import { getSubscription } from './get-subscription';
import { planLimitAdvice } from './plan-limit-advice';

/**
 * Refuses one more active space when the hub's plan is full (HTTP 422, code
 * plan_limit), telling the caller what they can do about it. Run it inside
 * the transaction that adds the space: it locks the hub row, so two people
 * cannot both take the last slot.
 */
export async function assertSpaceCapacity(opts: { db: Database; config: Config; organization: HubRow; caller: SpaceViewer }): Promise<void> {
  const { db, organization: hub } = opts;
  await db.select({ id: hubs.id }).from(hubs).where(eq(hubs.id, hub.id)).for('update');
  // One after the other: callers pass a transaction, which has a single connection.
  const { plan } = await getSubscription(opts);
  const used = await countActiveSpaces({ db, hubId: hub.id });
  if (used >= plan.limits.spaces) {
    const advice = await planLimitAdvice({ db, config: opts.config, hubId: hub.id, plan, caller: opts.caller });
    throw new AppError(
      422,
      'plan_limit',
      [`This hub has reached the ${plan.name} plan's limit of ${plan.limits.spaces} spaces.`, advice, 'Archiving a space you no longer need also frees a place.']
        .filter(Boolean).join(' '),
    );
  }
}
