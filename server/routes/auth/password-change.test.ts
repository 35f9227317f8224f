import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { invalidPasswords, LONG_PASSWORD } from './password-cases';
import { itRejectsBadTokens } from './token-cases';

let server: TestServer;
let person: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUp(server);
});
afterAll(async () => { await server.close(); });

const NEW_PASSWORD = 'Chang3d!Password';
const change = (token: string, body: Record<string, unknown>) => server.post('auth/password/change/', body, { token });
const login = async (email: string, password: string) =>
  server.post<{ data: { token: string } }>('auth/login/', { email, password });

describe('POST auth/password/change/', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const someone = await signUp(server);
    const other = (await login(someone.email, someone.password)).body.data.token;
    const res = await change(someone.token, { current_password: someone.password, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'Your password has been changed. Other devices have been signed out.' });

    expect((await server.get('auth/me/', { token: someone.token })).status).toBe(200);
    const otherMe = await server.get('auth/me/', { token: other });
    expect(otherMe.status).toBe(401);
    expect(otherMe.body).toMatchObject({ code: 'session_revoked' });
    expect((await login(someone.email, someone.password)).status).toBe(401);
    expect((await login(someone.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers 400 with a field error for a wrong current password and changes nothing', async () => {
    const res = await change(person.token, { current_password: 'Wr0ng!Password', new_password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The current password is incorrect.',
      code: 'invalid_credentials',
      errors: { current_password: ['The current password is incorrect.'] },
    });
    expect((await login(person.email, person.password)).status).toBe(200);
  });

  it('limits wrong current passwords on their own count, which never slows the owner\'s sign-in', async () => {
    const someone = await signUp(server);
    for (let i = 0; i < 5; i++) {
      expect((await change(someone.token, { current_password: `Wr0ng!Password${i}`, new_password: NEW_PASSWORD })).status).toBe(400);
    }
    const res = await change(someone.token, { current_password: someone.password, new_password: NEW_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rate_limited' });
    // Sign-in is another matter: five more failures there still leave the password enough.
    for (let i = 0; i < 5; i++) await login(someone.email, `Wr0ng!Password${i}`);
    expect((await login(someone.email, someone.password)).status).toBe(200);
  });

  it('refuses a new password equal to the current one', async () => {
    const res = await change(person.token, { current_password: person.password, new_password: person.password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'New password must be different from the current password.',
      code: 'validation_error',
      errors: { new_password: ['New password must be different from the current password.'] },
    });
  });

  it('accepts a 64-character new password', async () => {
    const someone = await signUp(server);
    expect((await change(someone.token, { current_password: someone.password, new_password: LONG_PASSWORD })).status).toBe(200);
    expect((await login(someone.email, LONG_PASSWORD)).status).toBe(200);
  });

  it.each(invalidPasswords('New password'))('refuses a new password that is $rule', async ({ value, message }) => {
    const res = await change(person.token, { current_password: person.password, new_password: value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', message, errors: { new_password: expect.arrayContaining([message]) } });
  });

  it('names missing fields with the spec template', async () => {
    const res = await change(person.token, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter Current password',
      code: 'validation_error',
      errors: { current_password: ['Please enter Current password'], new_password: ['Please enter New password'] },
    });
  });

  itRejectsBadTokens({
    server: () => server,
    person: () => person,
    call: (s, auth) => s.post('auth/password/change/', { current_password: person.password, new_password: NEW_PASSWORD }, auth),
  });
});
