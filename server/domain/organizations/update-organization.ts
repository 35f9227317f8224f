import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connect';
import { organizations } from '../../db/schema';
import { foreignEmailDomainMessage, type MyOrganization, type updateOrganizationBody } from '../../../lib/contract/organizations';
import { fieldError, notFound } from '../../lib/errors';
import { authorizeHubUpdate } from '../../policies/hubs';
import type { HubContext, UserRow } from '../../types';
import { countMembers, presentMembership } from './present-organization';

/** Changes the hub's settings; only the fields given change (see policies/hubs for who may change what). */
export async function updateOrganization(opts: {
  db: Database;
  user: UserRow;
  hub: HubContext;
  body: z.output<typeof updateOrganizationBody>;
}): Promise<MyOrganization> {
  const { body, hub } = opts;
  const { visibility, ...other } = body;
  authorizeHubUpdate(hub.role, {
    visibility: visibility !== undefined,
    other: Object.values(other).some((v) => v !== undefined),
  });
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
  const [row] = changed
    ? await opts.db.update(organizations).set(values).where(eq(organizations.id, hub.organization.id)).returning()
    : [hub.organization];
  if (!row) throw notFound('That hub');
  return presentMembership({
    organization: row, role: hub.role, memberCount: await countMembers({ db: opts.db, organizationId: row.id }),
  });
}
