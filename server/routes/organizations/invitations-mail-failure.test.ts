import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationSends, invitations } from '../../db/schema';
import type { InviteResult } from '../../../lib/contract/invitations';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { createStaffedHub, type StaffedHub } from './members-cases';

/** A server whose SMTP relay refuses connections. */
let server: TestServer;
let staffed: StaffedHub;
beforeAll(async () => {
  server = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true' });
  staffed = await createStaffedHub(server);
});
afterAll(async () => { await server.close(); });

describe('invitations when the mail relay is down', () => {
  it('keeps the invitation pending, says its email failed, and uses no resend slot; a resend answers 500', async () => {
    const email = uniqueEmail('guests.test');
    const auth = { token: staffed.owner.token, hubHandle: staffed.hub.domain_handle };
    const res = await server.post<{ data: InviteResult[] }>(`organizations/${staffed.hub.domain_handle}/invitations/`, { emails: [email], role: 'viewer' }, auth);
    expect(res.status).toBe(201);
    expect(res.body.data[0]).toMatchObject({ email, outcome: 'mail_failed', invitation: { email } });
    const [row] = await server.db.select().from(invitations).where(eq(invitations.email, email));
    expect(await server.db.select().from(invitationSends).where(eq(invitationSends.invitationId, row!.id))).toEqual([]);

    const resend = await server.post(`organizations/${staffed.hub.domain_handle}/invitations/${row!.id}/resend/`, {}, auth);
    expect(resend.status).toBe(500);
    expect(resend.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
    expect(await server.db.select().from(invitationSends).where(eq(invitationSends.invitationId, row!.id))).toEqual([]);
  });
});
