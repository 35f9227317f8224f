import { userSchema } from '../../../lib/contract/auth';
import { dataEnvelope } from '../../../lib/contract/envelope';
import {
  archiveOrganizationBody, myOrganizationSchema, organizationHandleParams, transferOrganizationBody, updateOrganizationBody,
} from '../../../lib/contract/organizations';
import { archiveOrganization } from '../../domain/organizations/archive-organization';
import { transferOrganization } from '../../domain/organizations/transfer-organization';
import { updateOrganization } from '../../domain/organizations/update-organization';
import { getUserView } from '../../domain/users/get-user-view';
import { ok } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { hubScope } from './members-scope';

const tags = ['organizations'];
const security = [{ jwt: [] }];

/** Hub settings, archive and ownership transfer (mounted under organizations/). */
export default async function organizationSettingsRoutes(app: App) {
  const { db } = app.deps;
  const onRequest = hubScope(app);

  app.patch('/:handle/', {
    onRequest,
    schema: {
      tags, security,
      summary: 'Change hub settings: visibility (editors and above); name, description, colour, email domain (owner)',
      params: organizationHandleParams,
      body: updateOrganizationBody,
      response: { 200: dataEnvelope(myOrganizationSchema) },
    },
  }, async (request) => {
    const hub = hubOf(request);
    const organization = await updateOrganization({ db, user: authOf(request).user, hub, body: request.body, client: clientInfoOf(request) });
    await app.deps.authCache.organizationChanged(hub.organization.id);
    return ok(organization, 'Hub settings saved.');
  });

  app.post('/:handle/archive/', {
    onRequest,
    schema: {
      tags, security, summary: 'Archive the hub (owner; confirm with the hub handle). Answers with my user view',
      params: organizationHandleParams,
      body: archiveOrganizationBody,
      response: { 200: dataEnvelope(userSchema) },
    },
  }, async (request) => {
    const user = await archiveOrganization({
      db, user: authOf(request).user, hub: hubOf(request), confirm: request.body.confirm, client: clientInfoOf(request),
    });
    await app.deps.authCache.organizationChanged(hubOf(request).organization.id);
    return ok(await getUserView({ db, user }), 'The hub was archived.');
  });

  app.post('/:handle/transfer/', {
    onRequest,
    schema: {
      tags, security, summary: 'Hand the hub to another member (owner); I become an editor',
      params: organizationHandleParams,
      body: transferOrganizationBody,
      response: { 200: dataEnvelope(myOrganizationSchema) },
    },
  }, async (request) => {
    const hub = hubOf(request);
    const organization = await transferOrganization({
      db, user: authOf(request).user, hub, userId: request.body.user_id, client: clientInfoOf(request),
    });
    // Two members' roles changed.
    await app.deps.authCache.organizationChanged(hub.organization.id);
    return ok(organization, 'Ownership transferred.');
  });
}
