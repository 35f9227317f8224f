import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubs, users } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { itRejectsBadTokens } from './token-cases';

let server: TestServer;
let person: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUp(server);
});
afterAll(async () => { await server.close(); });

interface UserBody { data: { name: string; current_step: string; profile: Record<string, unknown>; organization: { domain_handle: string } | null } }
const saveProfile = (token: string, body: Record<string, unknown>) => server.patch<UserBody>('auth/profile/', body, { token });
const profileCompletedAt = async (id: string) =>
  (await server.db.select().from(users).where(eq(users.id, id)))[0]!.profileCompletedAt;

describe('PATCH auth/profile/', () => {
  it('saves the profile and moves current_step from profile to organization', async () => {
    const someone = await signUp(server);
    expect(someone.user.current_step).toBe('profile');
    const res = await saveProfile(someone.token, { name: '  Asha Rao ', role: 'product_manager', about: 'Builds things.', colour: '#12AB34' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Asha Rao',
      current_step: 'organization',
      organization: null,
      profile: { role: 'product_manager', about: 'Builds things.', colour: '#12AB34' },
    });
    const me = await server.get<UserBody>('auth/me/', { token: someone.token });
    expect(me.body.data).toEqual(res.body.data);
  });

  it('keeps the first completion time and clears about when it is left out', async () => {
    const someone = await signUp(server);
    await saveProfile(someone.token, { name: 'Asha Rao', role: 'founder', about: 'First' });
    const first = await profileCompletedAt(someone.user.id);
    expect(first).toBeInstanceOf(Date);
    const res = await saveProfile(someone.token, { name: 'Asha R', role: 'cto' });
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toEqual({ role: 'cto', about: null, colour: '#796CFF' });
    expect(await profileCompletedAt(someone.user.id)).toEqual(first);
  });

  it('moves to join_organization when a public hub is open to the email domain', async () => {
    await server.db.insert(hubs).values({
      name: 'Acme', domainHandle: 'acme-open', visibility: 'public', emailDomain: 'acme-open.test',
    });
    const someone = await signUp(server, { email: `asha-${Date.now()}@acme-open.test` });
    const res = await saveProfile(someone.token, { name: 'Asha Rao', role: 'software_engineer' });
    expect(res.status).toBe(200);
    expect(res.body.data.current_step).toBe('join_organization');
    expect(res.body.data.organization).toMatchObject({ domain_handle: 'acme-open' });
  });

  it('refuses a role that is not one of the profile roles', async () => {
    const res = await saveProfile(person.token, { name: 'Asha Rao', role: 'galactic_emperor' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please choose a role from the list.',
      code: 'validation_error',
      errors: { role: ['Please choose a role from the list.'] },
    });
  });

  it('names missing fields with the spec template', async () => {
    const res = await saveProfile(person.token, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter Name',
      code: 'validation_error',
      errors: { name: ['Please enter Name'], role: ['Please enter Role'] },
    });
  });

  it.each([
    { field: 'name', value: 'A', message: 'Name must be at least 2 characters' },
    { field: 'name', value: 'A'.repeat(81), message: 'Name must be up to 80 characters' },
    { field: 'about', value: 'a'.repeat(501), message: 'About must be up to 500 characters' },
    { field: 'colour', value: 'purple', message: 'Colour is not a valid colour' },
  ])('refuses $field "$value" with "$message"', async ({ field, value, message }) => {
    const res = await saveProfile(person.token, { name: 'Asha Rao', role: 'founder', [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'validation_error', errors: { [field]: [message] } });
  });

  itRejectsBadTokens({
    server: () => server,
    person: () => person,
    call: (s, auth) => s.patch('auth/profile/', { name: 'Asha Rao', role: 'founder' }, auth),
  });
});
