import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connect';
import { hubs } from '../../db/schema';
import { foreignEmailDomainMessage, type MyHub, type updateHubBody } from '../../../lib/contract/hubs';
import { fieldError, notFound } from '../../lib/errors';
import { authorizeInHub } from '../../policies/hubs';
import type { HubContext, HubRow, UserRow } from '../../types';
import { hubTarget } from '../audit/audit-targets';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { ClientInfo } from '../sessions/create-session';
import { countMembers, presentMembership } from './present-hub';

/**
 * Changes the hub's settings; only the fields given change. Its endpoint
 * requires change_visibility; any other field is the hub's identity, which
 * needs update (the owner's).
 */
export async function updateHub(opts: {
  db: Database;
  user: UserRow;
  hub: HubContext;
  body: z.output<typeof updateHubBody>;
  client: ClientInfo;
}): Promise<MyHub> {
  const { body, hub } = opts;
  const { visibility, ...other } = body;
  if (Object.values(other).some((v) => v !== undefined)) authorizeInHub(hub.role, 'update');
  const domainMessage = foreignEmailDomainMessage(opts.user.email, body.email_domain ?? undefined);
  if (domainMessage) throw fieldError('email_domain', domainMessage);
  const values = {
    name: body.name,
    description: body.description,
    visibility,
    emailDomain: body.email_domain,
    colour: body.colour,
  };
  const changed = Object.values(values).some((v) => v !== undefined);
  return opts.db.transaction(async (tx) => {
    // Read under lock: the trail records what the values really were before this change.
    const [before] = await tx.select().from(hubs).where(eq(hubs.id, hub.organization.id)).for('update');
    const [row] = changed && before
      ? await tx.update(hubs).set(values).where(eq(hubs.id, hub.organization.id)).returning()
      : [before];
    if (!before || !row) throw notFound('That hub');
    await recordHubChanges({ db: tx, actorId: opts.user.id, before, after: row, client: opts.client });
    return presentMembership({
      organization: row, role: hub.role, memberCount: await countMembers({ db: tx, hubId: row.id }),
    });
  });
}

const auditedFields = { name: 'name', description: 'description', colour: 'colour', email_domain: 'emailDomain' } as const;

/** Records a visibility change and a change of the hub's identity (name, description, colour, email domain) as their own events. */
async function recordHubChanges(opts: { db: Database; actorId: string; before: HubRow; after: HubRow; client: ClientInfo }) {
  const { before, after } = opts;
  const recorded = { db: opts.db, hubId: after.id, actorId: opts.actorId, client: opts.client };
  if (before.visibility !== after.visibility) {
    await recordAuditEvent({
      ...recorded, type: 'hub_visibility_changed', data: { target: hubTarget(after), from: before.visibility, to: after.visibility },
    });
  }
  const changes = Object.fromEntries(
    Object.entries(auditedFields)
      .filter(([, column]) => before[column] !== after[column])
      .map(([field, column]) => [field, { from: before[column], to: after[column] }]),
  );
  if (Object.keys(changes).length > 0) {
    await recordAuditEvent({ ...recorded, type: 'hub_updated', data: { target: hubTarget(after), changes } });
  }
}
