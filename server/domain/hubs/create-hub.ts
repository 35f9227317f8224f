import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connect';
import { memberships, hubs, users } from '../../db/schema';
import { foreignEmailDomainMessage, type createHubBody, type MyHub } from '../../../lib/contract/hubs';
import { conflict, fieldError, forbidden } from '../../lib/errors';
import type { UserRow } from '../../types';
import { startFreeSubscription } from '../billing/start-free-subscription';
import { HANDLE_TAKEN_MESSAGE } from './check-handle';
import { presentMembership } from './present-hub';

/**
 * Creates a hub with the user as its owner, on the free plan, and makes it
 * the user's active hub — all or nothing.
 */
export async function createHub(opts: {
  db: Database;
  user: UserRow;
  body: z.output<typeof createHubBody>;
}): Promise<MyHub> {
  const { user, body } = opts;
  if (!user.profileCompletedAt) throw forbidden('Complete your profile first');
  const domainMessage = foreignEmailDomainMessage(user.email, body.email_domain);
  if (domainMessage) throw fieldError('email_domain', domainMessage);
  return opts.db.transaction(async (tx) => {
    const [hub] = await tx
      .insert(hubs)
      .values({
        name: body.name,
        domainHandle: body.domain_handle,
        description: body.description ?? null,
        visibility: body.visibility,
        emailDomain: body.email_domain ?? null,
        colour: body.colour,
        createdBy: user.id,
      })
      // A concurrent create of the same handle loses here rather than with a database error.
      .onConflictDoNothing({ target: hubs.domainHandle })
      .returning();
    if (!hub) {
      throw conflict(HANDLE_TAKEN_MESSAGE, 'handle_taken', { domain_handle: [HANDLE_TAKEN_MESSAGE] });
    }
    await tx.insert(memberships).values({ hubId: hub.id, userId: user.id, role: 'owner' });
    await startFreeSubscription({ db: tx, hubId: hub.id });
    await tx.update(users).set({ activeHubId: hub.id }).where(eq(users.id, user.id));
    return presentMembership({ organization: hub, role: 'owner', memberCount: 1 });
  });
}
