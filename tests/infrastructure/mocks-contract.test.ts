import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerResponse, resendResponse, tokenResponse, userSchema } from '@/lib/contract/auth';
import { apiErrorSchema, dataEnvelope, errorCodes, listEnvelope } from '@/lib/contract/envelope';
import {
  checkHandleResponse, joinableHubSchema, myHubSchema,
} from '@/lib/contract/hubs';
import { basicSettingsSchema } from '@/lib/contract/settings';
import { planChangeResultSchema, planChangeSchema, subscriptionSchema } from '@/lib/contract/billing';
import { apiClient, setAuthToken } from '@/client/http/clients';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB, MOCK_REGISTRATION, MOCK_VERIFICATION_CODE } from '@/mocks/state';
import { mockDb } from '@/mocks/node';
import { setupMockServer } from './msw';

setupMockServer();

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => setAuthToken(null));

/** One request to the mock, whatever its status. */
async function call(method: 'get' | 'post' | 'patch', path: string, opts: { body?: unknown; token?: string; params?: object } = {}) {
  const response = await apiClient.request({
    method,
    url: path,
    data: opts.body,
    params: opts.params,
    headers: opts.token ? { Authorization: `JWT ${opts.token}` } : {},
    validateStatus: () => true,
  });
  return { status: response.status, body: response.data as unknown };
}

/** The answer has the status and follows the contract's schema. */
function expectContract<S extends z.ZodType>(answer: { status: number; body: unknown }, status: number, schema: S): z.output<S> {
  expect(answer.status).toBe(status);
  const parsed = schema.safeParse(answer.body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data as z.output<S>;
}

const errorSchema = apiErrorSchema.extend({ code: z.enum(errorCodes) });
function expectError(answer: { status: number; body: unknown }, status: number, code: string, field?: string) {
  const error = expectContract(answer, status, errorSchema);
  expect(error.code).toBe(code);
  if (field) expect(error.errors?.[field]?.length).toBeGreaterThan(0);
  return error;
}

const userEnvelope = dataEnvelope(userSchema);
const password = 'Str0ng!pass';

async function signUp(email: string, name = 'Nia New') {
  const { registration } = expectContract(
    await call('post', 'auth/register/', { body: { name, email, password } }),
    201,
    dataEnvelope(registerResponse),
  ).data;
  const verified = expectContract(
    await call('post', 'auth/register/verify/', { body: { email, code: MOCK_VERIFICATION_CODE, registration } }),
    200,
    dataEnvelope(tokenResponse),
  );
  return verified.data.token;
}

describe('mock auth endpoints follow the contract', () => {
  it('register: 201 with the registration for every address, invalid 400 with the shared field messages', async () => {
    const fresh = expectContract(
      await call('post', 'auth/register/', { body: { name: 'Nia', email: 'nia@new.test', password } }),
      201,
      dataEnvelope(registerResponse),
    );
    expect(fresh.data).toMatchObject({ email: 'nia@new.test', registration: MOCK_REGISTRATION });
    // A verified address answers the same, and its account keeps its password.
    const taken = expectContract(
      await call('post', 'auth/register/', { body: { name: 'Mallory', email: MOCK_DEMO_ACCOUNT.email, password } }),
      201,
      dataEnvelope(registerResponse),
    );
    expect(taken.data).toEqual({ ...fresh.data, email: MOCK_DEMO_ACCOUNT.email });
    expectError(await call('post', 'auth/login/', { body: { email: MOCK_DEMO_ACCOUNT.email, password } }), 401, 'invalid_credentials');
    expectContract(
      await call('post', 'auth/login/', { body: { email: MOCK_DEMO_ACCOUNT.email, password: MOCK_DEMO_ACCOUNT.password } }),
      200,
      dataEnvelope(tokenResponse),
    );
    const invalid = expectError(
      await call('post', 'auth/register/', { body: { name: 'N', email: 'not-an-email', password: 'short' } }),
      400,
      'validation_error',
    );
    expect(Object.keys(invalid.errors ?? {}).sort()).toEqual(['email', 'name', 'password']);
    expect(invalid.errors?.password).toContain('Password must be at least 8 characters');
  });

  it('verify: a wrong code is a field error; a resent code works', async () => {
    const email = 'wrong@new.test';
    const registration = MOCK_REGISTRATION;
    await call('post', 'auth/register/', { body: { name: 'Wren', email, password } });
    expectError(await call('post', 'auth/register/verify/', { body: { email, code: '000000', registration } }), 400, 'invalid_code', 'code');
    expectContract(await call('post', 'auth/register/resend/', { body: { email, registration } }), 200, dataEnvelope(resendResponse));
    expectContract(
      await call('post', 'auth/register/verify/', { body: { email, code: MOCK_VERIFICATION_CODE, registration } }),
      200,
      dataEnvelope(tokenResponse),
    );
  });

  it('login: success, 401 invalid_credentials also for an account still waiting for its code', async () => {
    const demo = { email: MOCK_DEMO_ACCOUNT.email, password: MOCK_DEMO_ACCOUNT.password };
    const signedIn = expectContract(await call('post', 'auth/login/', { body: demo }), 200, dataEnvelope(tokenResponse));
    expect(signedIn.data.user.current_step).toBe('completed');
    expectError(await call('post', 'auth/login/', { body: { ...demo, password: 'Wrong#123' } }), 401, 'invalid_credentials');
    expectError(await call('post', 'auth/login/', { body: { email: 'nobody@new.test', password } }), 401, 'invalid_credentials');
    await call('post', 'auth/register/', { body: { name: 'Una', email: 'una@new.test', password } });
    expectError(await call('post', 'auth/login/', { body: { email: 'una@new.test', password } }), 401, 'invalid_credentials');
  });

  it('google: signs in the account named by the ID token', async () => {
    const claims = btoa(JSON.stringify({ email: 'gia@new.test', name: 'Gia' })).replace(/=+$/, '');
    const answer = expectContract(await call('post', 'auth/google/', { body: { id_token: `h.${claims}.s` } }), 200, dataEnvelope(tokenResponse));
    expect(answer.data.user).toMatchObject({ email: 'gia@new.test', email_verified: true, current_step: 'profile' });
    expectError(await call('post', 'auth/google/', { body: { id_token: 'garbage' } }), 401, 'invalid_token');
  });

  it('me: the user, 401 without or with an unknown token', async () => {
    const token = await signUp('mel@new.test');
    const me = expectContract(await call('get', 'auth/me/', { token }), 200, userEnvelope);
    expect(me.data.current_step).toBe('profile');
    expectError(await call('get', 'auth/me/'), 401, 'unauthenticated');
    expectError(await call('get', 'auth/me/', { token: 'forged' }), 401, 'invalid_token');
  });

  it('logout (GET and POST) revokes the session', async () => {
    for (const method of ['get', 'post'] as const) {
      const token = await signUp(`out-${method}@new.test`);
      expectContract(await call(method, 'auth/logout/', { token }), 200, dataEnvelope(z.null()));
      expectError(await call('get', 'auth/me/', { token }), 401, 'invalid_token');
    }
  });

  it('password forgot/reset/change', async () => {
    expectContract(await call('post', 'auth/password/forgot/', { body: { email: 'nobody@new.test' } }), 200, dataEnvelope(z.null()));
    const token = await signUp('pat@new.test');
    expectContract(await call('post', 'auth/password/forgot/', { body: { email: 'pat@new.test' } }), 200, dataEnvelope(z.null()));
    const [resetToken] = Object.keys(mockDb.data.resetTokens);
    expectError(await call('post', 'auth/password/reset/', { body: { token: 'nope', password } }), 400, 'invalid_reset_token', 'token');
    expectContract(await call('post', 'auth/password/reset/', { body: { token: resetToken, password: 'N3w!passw' } }), 200, dataEnvelope(z.null()));
    // A reset ends every session.
    expectError(await call('get', 'auth/me/', { token }), 401, 'invalid_token');

    const fresh = expectContract(
      await call('post', 'auth/login/', { body: { email: 'pat@new.test', password: 'N3w!passw' } }),
      200,
      dataEnvelope(tokenResponse),
    ).data.token;
    expectError(
      await call('post', 'auth/password/change/', { token: fresh, body: { current_password: 'wrong', new_password: password } }),
      400,
      'invalid_credentials',
      'current_password',
    );
    expectContract(
      await call('post', 'auth/password/change/', { token: fresh, body: { current_password: 'N3w!passw', new_password: password } }),
      200,
      dataEnvelope(z.null()),
    );
  });

  it('profile: validates and moves current_step on', async () => {
    const token = await signUp('pro@new.test');
    expectError(await call('patch', 'auth/profile/', { token, body: { name: 'Pro' } }), 400, 'validation_error', 'role');
    const user = expectContract(
      await call('patch', 'auth/profile/', { token, body: { name: 'Pro Person', role: 'software_engineer', about: 'Hi' } }),
      200,
      userEnvelope,
    );
    expect(user.data).toMatchObject({ name: 'Pro Person', current_step: 'organization', organization: null });
  });
});

describe('mock core and wallet endpoints follow the contract', () => {
  it('basic settings', async () => {
    expectContract(await call('get', 'core/basic-settings/'), 200, dataEnvelope(basicSettingsSchema));
  });

  it('subscription of the active hub, or of the Org-Handle hub; another hub is 404', async () => {
    const { token } = mockDb.createAccount({ email: 'sub@new.test', hub: { name: 'Sub Hub', domainHandle: 'sub-hub' } });
    const plan = expectContract(await call('get', 'wallet/subscription-detail/', { token }), 200, dataEnvelope(subscriptionSchema));
    expect(plan.data).toMatchObject({ currency: 'INR', plan: { name: 'Free' }, usage: { members: 1 } });
    const other = await apiClient.get('wallet/subscription-detail/', {
      headers: { Authorization: `JWT ${token}`, 'Org-Handle': MOCK_DEMO_HUB.domainHandle },
      validateStatus: () => true,
    });
    expectError({ status: other.status, body: other.data }, 404, 'not_found');
    const { token: hubless } = mockDb.createAccount({ email: 'nohub@new.test', profile: true });
    expectError(await call('get', 'wallet/subscription-detail/', { token: hubless }), 404, 'not_found');
  });

  // Who may change the plan and what the usage fits are the API's rules (its plan-change.test.ts).
  it('plan change: preview and change', async () => {
    const { token } = mockDb.createAccount({ email: 'payer@new.test', hub: { name: 'Pay Hub', domainHandle: 'pay-hub' } });
    const preview = expectContract(await call('get', 'wallet/plan-change/', { token, params: { plan: 'team' } }), 200, dataEnvelope(planChangeSchema));
    expect(preview.data).toMatchObject({ direction: 'upgrade', from: { code: 'free' }, to: { code: 'team' }, over_limits: [] });
    expectError(await call('post', 'wallet/plan-change/', { token, body: { plan: 'gold' } }), 400, 'validation_error');
    const changed = expectContract(await call('post', 'wallet/plan-change/', { token, body: { plan: 'team' } }), 200, dataEnvelope(planChangeResultSchema));
    expect(changed.data).toMatchObject({ outcome: 'applied', subscription: { plan: { code: 'team' } } });
  });
});

describe('mock organization endpoints follow the contract', () => {
  it('check, create, list, get and switch', async () => {
    const { token } = mockDb.createAccount({ email: 'maker@new.test', profile: true });
    const available = expectContract(await call('get', 'organizations/check/', { token, params: { domain_handle: 'Makers' } }), 200, dataEnvelope(checkHandleResponse));
    expect(available.data).toEqual({ domain_handle: 'makers', available: true, reason: null });
    const reserved = expectContract(await call('get', 'organizations/check/', { token, params: { domain_handle: 'admin' } }), 200, dataEnvelope(checkHandleResponse));
    expect(reserved.data.available).toBe(false);
    expect(reserved.data.reason).toMatch(/reserved/);

    const body = { name: 'Makers', domain_handle: 'makers', visibility: 'public', email_domain: 'new.test' };
    const created = expectContract(await call('post', 'organizations/', { token, body }), 201, dataEnvelope(myHubSchema));
    expect(created.data).toMatchObject({ domain_handle: 'makers', role: 'owner', member_count: 1 });
    expectError(await call('post', 'organizations/', { token, body: { ...body, domain_handle: 'MAKERS' } }), 409, 'handle_taken', 'domain_handle');
    expectError(await call('post', 'organizations/', { token, body: { ...body, domain_handle: 'a b' } }), 400, 'validation_error', 'domain_handle');
    const taken = expectContract(await call('get', 'organizations/check/', { token, params: { domain_handle: 'makers' } }), 200, dataEnvelope(checkHandleResponse));
    expect(taken.data.available).toBe(false);

    expectContract(await call('post', 'organizations/', { token, body: { ...body, name: 'Second', domain_handle: 'second' } }), 201, dataEnvelope(myHubSchema));
    const page = expectContract(await call('get', 'organizations/', { token, params: { page: 1, page_size: 1 } }), 200, listEnvelope(myHubSchema));
    expect(page).toMatchObject({ count: 2, page: 1, page_size: 1 });
    expect(page.data).toHaveLength(1);

    expectContract(await call('get', 'organizations/makers/', { token }), 200, dataEnvelope(myHubSchema));
    expectError(await call('get', `organizations/${MOCK_DEMO_HUB.domainHandle}/`, { token }), 404, 'not_found');
    expectError(await call('get', 'organizations/missing/', { token }), 404, 'not_found');

    const switched = expectContract(await call('post', 'organizations/switch/', { token, body: { domain_handle: 'makers' } }), 200, userEnvelope);
    expect(switched.data.active_organization?.domain_handle).toBe('makers');
    expect(switched.data.current_step).toBe('completed');
    expectError(await call('post', 'organizations/switch/', { token, body: { domain_handle: MOCK_DEMO_HUB.domainHandle } }), 404, 'not_found');
  });

  it('joinable and join: a same-domain user is offered the hub and joins it as viewer', async () => {
    const token = await signUp(`jo@${MOCK_DEMO_HUB.emailDomain}`);
    const profiled = expectContract(
      await call('patch', 'auth/profile/', { token, body: { name: 'Jo Joiner', role: 'researcher' } }),
      200,
      userEnvelope,
    );
    expect(profiled.data.current_step).toBe('join_organization');
    expect(profiled.data.organization?.domain_handle).toBe(MOCK_DEMO_HUB.domainHandle);

    const joinable = expectContract(await call('get', 'organizations/joinable/', { token }), 200, dataEnvelope(z.array(joinableHubSchema)));
    expect(joinable.data.map((h) => [h.domain_handle, h.reason])).toEqual([[MOCK_DEMO_HUB.domainHandle, 'email_domain']]);

    const joined = expectContract(await call('post', `organizations/${MOCK_DEMO_HUB.domainHandle}/join/`, { token }), 200, dataEnvelope(myHubSchema));
    expect(joined.data).toMatchObject({ role: 'viewer', member_count: 2 });

    const me = expectContract(await call('get', 'auth/me/', { token }), 200, userEnvelope);
    expect(me.data).toMatchObject({ current_step: 'completed', organization: null });
    expect(me.data.active_organization?.domain_handle).toBe(MOCK_DEMO_HUB.domainHandle);
  });

  // Which hubs may be joined without an invitation is the API's rule (server/routes/organizations/join.test.ts).
  it('an invitation offers its hub, and joining gives its role', async () => {
    const { user: owner } = mockDb.createAccount({ email: 'own@closed.test', hub: { name: 'Closed', domainHandle: 'closed' } });
    const { token } = mockDb.createAccount({ email: 'guest@closed.test', profile: true });
    mockDb.data.invitations.push({ hubId: owner.activeHubId ?? '', email: 'guest@closed.test', role: 'editor', invitedBy: owner.id });
    const me = expectContract(await call('get', 'auth/me/', { token }), 200, userEnvelope);
    expect(me.data.organization).toMatchObject({ domain_handle: 'closed', reason: 'invitation', invited_by: 'Test User' });
    const joined = expectContract(await call('post', 'organizations/closed/join/', { token }), 200, dataEnvelope(myHubSchema));
    expect(joined.data.role).toBe('editor');
  });

  it('every organization endpoint needs a session', async () => {
    const requests: Array<['get' | 'post' | 'patch', string]> = [
      ['post', 'organizations/'], ['get', 'organizations/check/'], ['get', 'organizations/'], ['get', 'organizations/joinable/'],
      ['get', 'organizations/x/'], ['post', 'organizations/x/join/'], ['post', 'organizations/switch/'],
      ['get', 'wallet/subscription-detail/'], ['patch', 'auth/profile/'], ['post', 'auth/password/change/'],
    ];
    for (const [method, path] of requests) expectError(await call(method, path, { body: {} }), 401, 'unauthenticated');
  });
});
