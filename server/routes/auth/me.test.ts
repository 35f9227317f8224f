import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from './token-cases';

let server: TestServer;
let person: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUp(server, { name: 'Asha Rao' });
});
afterAll(async () => { await server.close(); });

describe('GET auth/me/', () => {
  it('answers the signed-in user with the onboarding step', async () => {
    const res = await server.get('auth/me/', { token: person.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: person.user.id,
        email: person.email,
        name: 'Asha Rao',
        email_verified: true,
        profile: { role: null, about: null, colour: '#796CFF' },
        photo_url: null,
        has_password: true,
        current_step: 'profile',
        organization: null,
        active_organization: null,
        organizations: [],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        two_factor_enabled: false,
        two_factor_required: false,
      },
    });
  });

  it('accepts the Bearer scheme and the path without its trailing slash', async () => {
    const res = await server.get<{ data: { id: string } }>('auth/me', { authorization: `Bearer ${person.token}` });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(person.user.id);
  });

  itRejectsBadTokens({
    server: () => server,
    person: () => person,
    call: (s, auth) => s.get('auth/me/', auth),
  });
});
