import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSchema, MEETING_CODE_PATTERN } from '../../../lib/contract/meetings';
import { signUpWithHub, signUpWithProfile, startTestServer, type TestServer } from '../../test/harness';

interface Person { token: string; handle: string; user: { id: string } }

let server: TestServer;
let owner: Person;
let member: Person;
let outsider: Person;

async function startMeeting(person: Person, body: Record<string, unknown> = {}) {
  return server.post<{ data: { code: string; id: string; space: { id: string } | null } }>('meetings/', body, { token: person.token, hubHandle: person.handle });
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpWithHub(server, { visibility: 'public' });
  outsider = await signUpWithHub(server);
  const joiner = await signUpWithProfile(server);
  const joined = await server.post(`organizations/${owner.handle}/join/`, {}, { token: joiner.token });
  expect(joined.status).toBe(200);
  member = { ...joiner, handle: owner.handle };
});
afterAll(() => server.close());

describe('POST meetings/', () => {
  it('starts a meeting with a short code that any member of the hub may use', async () => {
    const started = await startMeeting(member);
    expect(started.status).toBe(201);
    const meeting = meetingSchema.parse(started.body.data);
    expect(meeting.code).toMatch(MEETING_CODE_PATTERN);
    expect(meeting.organization.domain_handle).toBe(owner.handle);
    expect(meeting.space).toBeNull();

    const found = await server.get<{ data: unknown }>(`meetings/${meeting.code}/`, { token: owner.token });
    expect(found.status).toBe(200);
    expect(meetingSchema.parse(found.body.data).id).toBe(meeting.id);
  });

  it('gives every meeting its own code', async () => {
    const codes = await Promise.all(Array.from({ length: 10 }, () => startMeeting(owner).then((r) => r.body.data.code)));
    expect(new Set(codes).size).toBe(10);
  });

  it('ties a meeting to a space only the space’s readers may join', async () => {
    const space = await server.post<{ data: { id: string } }>('spaces/', { name: 'Private room', visibility: 'private' }, { token: owner.token, hubHandle: owner.handle });
    expect(space.status).toBe(201);
    const started = await startMeeting(owner, { space_id: space.body.data.id });
    expect(started.status).toBe(201);
    expect(started.body.data.space?.id).toBe(space.body.data.id);
    // The member of the hub cannot read the private space, so its meeting does not exist for them.
    expect((await server.get(`meetings/${started.body.data.code}/`, { token: member.token })).status).toBe(404);
    expect((await server.get(`meetings/${started.body.data.code}/`, { token: owner.token })).status).toBe(200);
    // Nor can they start one in it.
    expect((await startMeeting(member, { space_id: space.body.data.id })).status).toBe(404);
  });

  it('refuses a space of another hub and a malformed space id', async () => {
    const theirs = await server.post<{ data: { id: string } }>('spaces/', { name: 'Theirs', visibility: 'public' }, { token: outsider.token, hubHandle: outsider.handle });
    expect((await startMeeting(owner, { space_id: theirs.body.data.id })).status).toBe(404);
    const malformed = await startMeeting(owner, { space_id: 'not-a-uuid' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'validation_error', errors: { space_id: ['Please choose a space'] } });
  });
});

describe('GET meetings/:code/', () => {
  it('answers 404 to a member of another hub, exactly like a code that does not exist', async () => {
    const { code } = (await startMeeting(owner)).body.data;
    const other = await server.get(`meetings/${code}/`, { token: outsider.token });
    const missing = await server.get('meetings/zzz-zzzz-zzz/', { token: outsider.token });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });

  it('accepts the code in any case and refuses what is not a code', async () => {
    const { code } = (await startMeeting(owner)).body.data;
    expect((await server.get(`meetings/${code.toUpperCase()}/`, { token: member.token })).status).toBe(200);
    const bad = await server.get('meetings/not-a-code/', { token: member.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Meeting codes look like abc-defg-hij' });
  });

  it('is gone for a member who left the hub', async () => {
    const leaver = await signUpWithProfile(server);
    await server.post(`organizations/${owner.handle}/join/`, {}, { token: leaver.token });
    const { code } = (await startMeeting(owner)).body.data;
    expect((await server.get(`meetings/${code}/`, { token: leaver.token })).status).toBe(200);
    expect((await server.post(`organizations/${owner.handle}/leave/`, {}, { token: leaver.token, hubHandle: owner.handle })).status).toBe(200);
    expect((await server.get(`meetings/${code}/`, { token: leaver.token })).status).toBe(404);
  });
});
