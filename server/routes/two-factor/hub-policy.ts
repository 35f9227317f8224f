import { dataEnvelope } from '../../../lib/contract/envelope';
import { organizationHandleParams } from '../../../lib/contract/organizations';
import { hubTwoFactorPolicyBody, hubTwoFactorPolicySchema } from '../../../lib/contract/two-factor';
import { getHubTwoFactorPolicy } from '../../domain/two-factor/get-hub-two-factor-policy';
import { setHubTwoFactorRequirement } from '../../domain/two-factor/set-hub-two-factor-requirement';
import { ok } from '../../lib/envelope';
import { authOf, hubOf, type App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { errorResponses } from '../auth/responses';
import { hubScope } from '../organizations/members-scope';

const tags = ['organizations'];
const security = [{ jwt: [] }];

/** The hub's two-factor requirement (owners), mounted under organizations/. */
export default async function hubTwoFactorRoutes(app: App) {
  const { db } = app.deps;
  const onRequest = hubScope(app);

  app.get('/:handle/two-factor/', {
    onRequest,
    schema: {
      tags, security, summary: 'Whether the hub requires two-factor sign-in, and how many members lack it (owner)',
      params: organizationHandleParams,
      response: { 200: dataEnvelope(hubTwoFactorPolicySchema), ...errorResponses(401, 403, 404) },
    },
  }, async (request) => ok(await getHubTwoFactorPolicy({ db, hub: hubOf(request), user: authOf(request).user })));

  app.put('/:handle/two-factor/', {
    onRequest,
    schema: {
      tags, security,
      summary: 'Require two-factor sign-in of every member, or stop requiring it (owner, who must have it)',
      params: organizationHandleParams,
      body: hubTwoFactorPolicyBody,
      response: { 200: dataEnvelope(hubTwoFactorPolicySchema), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => {
    const hub = hubOf(request);
    const policy = await setHubTwoFactorRequirement({
      db, hub, user: authOf(request).user, required: request.body.required, client: clientInfoOf(request),
    });
    await app.deps.authCache.organizationChanged(hub.organization.id);
    return ok(policy, request.body.required ? 'Two-factor sign-in is now required in this hub.' : 'Two-factor sign-in is no longer required.');
  });
}
