import { describe, expect, it } from 'vitest';
import { userSchema } from '@/lib/contract/auth';
import { dataEnvelope, listEnvelope } from '@/lib/contract/envelope';
import {
  invitationAcceptanceSchema, invitationPreviewSchema, invitationSchema, inviteResultSchema,
} from '@/lib/contract/invitations';
import { memberSchema } from '@/lib/contract/members';
import { myHubSchema, hubPreviewSchema } from '@/lib/contract/hubs';
import { spaceMemberSchema, spaceSchema } from '@/lib/contract/spaces';
import { hubAdminApi, invitationApi, memberApi } from '@/client/http/hub-admin-api';
import { spaceInvitationApi, spacesApi } from '@/client/http/spaces-api';
import { mockDb } from '@/mocks/node';
import { MOCK_DEMO_HUB } from '@/mocks/state';
import { as, failure, follows } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { addHubMember } from '../spaces/fixtures';

setupMockServer();

const handle = MOCK_DEMO_HUB.domainHandle;





// Who may see and change what (403s, last owners, private spaces) is tested against the API (server/routes/spaces, organizations).
describe('mock spaces endpoints follow the contract', () => {
  it('create, list, get, star, update, archive, restore, join, leave and members', async () => {
    as();
    const created = follows(dataEnvelope(spaceSchema), await spacesApi.create({ name: 'Roadmap', visibility: 'public' }));
    const id = created.data.id;
    follows(listEnvelope(spaceSchema), await spacesApi.list(1, { search: 'road', visibility: 'public', mine: 'true' }));
    follows(dataEnvelope(spaceSchema), await spacesApi.get(id));
    expect(follows(dataEnvelope(spaceSchema), await spacesApi.star(id)).data.starred).toBe(true);
    expect(follows(listEnvelope(spaceSchema), await spacesApi.sidebar('road')).data[0]).toMatchObject({ starred: true, visited_at: expect.any(String) });
    expect(follows(dataEnvelope(spaceSchema), await spacesApi.unstar(id)).data.starred).toBe(false);
    follows(dataEnvelope(spaceSchema), await spacesApi.update(id, { description: '' }));
    follows(dataEnvelope(spaceSchema), await spacesApi.archive(id));
    expect((await spacesApi.list()).data).toHaveLength(0);
    follows(dataEnvelope(spaceSchema), await spacesApi.restore(id));

    const vic = addHubMember('vic@example.com', 'Vic', 'viewer');
    as(vic.id);
    const joined = follows(dataEnvelope(spaceSchema), await spacesApi.join(id));
    expect(joined.data.abilities).toMatchObject({ update: false, leave: true });
    follows(listEnvelope(spaceMemberSchema), await spacesApi.members(id));
    await spacesApi.leave(id);

    as();
    follows(dataEnvelope(spaceMemberSchema), await spacesApi.addMember(id, { user_id: vic.id, role: 'editor' }));
    follows(dataEnvelope(spaceMemberSchema), await spacesApi.updateMember(id, vic.id, { role: 'viewer' }));
    await spacesApi.removeMember(id, vic.id);
    expect(await failure(spacesApi.create({ name: '', visibility: 'public' }))).toMatchObject({ status: 400, code: 'validation_error' });
    expect(await failure(spacesApi.get('missing'))).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('mock hub administration endpoints follow the contract', () => {
  it('settings, members, invitations, preview, transfer and archive', async () => {
    const vic = addHubMember('vic@example.com', 'Vic', 'viewer');
    as();
    follows(dataEnvelope(myHubSchema), await hubAdminApi.update(handle, { description: 'New words', email_domain: '' }));
    follows(dataEnvelope(hubPreviewSchema), await hubAdminApi.preview(handle));
    follows(listEnvelope(memberSchema), await memberApi.list(handle, 1, { search: 'vic' }));
    follows(dataEnvelope(memberSchema), await memberApi.updateRole(handle, vic.id, { role: 'editor' }));

    const invited = follows(dataEnvelope(inviteResultSchema.array()), await invitationApi.create(handle, { emails: ['Ana@Acme.io'], role: 'viewer' }));
    const invitationId = invited.data[0]?.invitation?.id ?? '';
    follows(listEnvelope(invitationSchema), await invitationApi.list(handle));
    follows(dataEnvelope(invitationSchema), await invitationApi.resend(handle, invitationId));
    const token = mockDb.data.invitations[0]?.token ?? '';
    follows(dataEnvelope(invitationPreviewSchema), await invitationApi.preview(token));
    const ana = mockDb.createAccount({ email: 'ana@acme.io', profile: true }).user;
    as(ana.id);
    follows(dataEnvelope(invitationAcceptanceSchema), await invitationApi.accept(token));
    expect(await failure(invitationApi.preview(token))).toMatchObject({ status: 404, code: 'not_found' });

    as();
    follows(dataEnvelope(myHubSchema), await hubAdminApi.transfer(handle, { user_id: vic.id }));
    as(vic.id);
    follows(dataEnvelope(userSchema), await hubAdminApi.archive(handle, { confirm: handle }));
  });
});

describe('mock space invitation endpoints follow the contract', () => {
  it('invite, list, resend, cancel, preview and accept', async () => {
    as();
    const space = (await spacesApi.create({ name: 'Launch plans', visibility: 'shared' })).data;
    const invited = follows(
      dataEnvelope(inviteResultSchema.array()),
      await spaceInvitationApi.create(space.id, { emails: ['Ana@Acme.io', 'ben@acme.io'], role: 'editor' }),
    );
    const [ana, ben] = invited.data.map((r) => r.invitation?.id ?? '');
    follows(listEnvelope(invitationSchema), await spaceInvitationApi.list(space.id));
    follows(dataEnvelope(invitationSchema), await spaceInvitationApi.resend(space.id, ana ?? ''));
    follows(dataEnvelope(invitationSchema.nullable()), await spaceInvitationApi.cancel(space.id, ben ?? ''));
    const token = mockDb.data.invitations.find((i) => i.id === ana)?.token ?? '';
    const preview = follows(dataEnvelope(invitationPreviewSchema), await invitationApi.preview(token));
    expect(preview.data.space).toEqual({ id: space.id, name: 'Launch plans' });
    as(mockDb.createAccount({ email: 'ana@acme.io', profile: true }).user.id);
    const accepted = follows(dataEnvelope(invitationAcceptanceSchema), await invitationApi.accept(token));
    expect(accepted.data).toMatchObject({ role: 'viewer', space: { id: space.id } });
  });
});
