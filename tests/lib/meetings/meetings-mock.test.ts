import { afterEach, describe, expect, it } from 'vitest';
import { dataEnvelope } from '@/lib/contract/envelope';
import { MEETING_CODE_PATTERN, meetingSchema } from '@/lib/contract/meetings';
import { setAuthToken, setHubHandle } from '@/client/http/clients';
import { meetingsApi } from '@/client/http/meetings-api';
import { mockDb } from '@/mocks/node';
import { as, failure, follows } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { seedSpace } from '@/tests/components/spaces/fixtures';

setupMockServer();
afterEach(() => {
  setAuthToken(null);
  setHubHandle(null);
});

describe('mock meetings endpoints follow the contract', () => {
  it('starts a meeting in the active hub and finds it by code', async () => {
    as();
    const created = follows(dataEnvelope(meetingSchema), await meetingsApi.create());
    expect(created.data.code).toMatch(MEETING_CODE_PATTERN);
    expect(created.data.space).toBeNull();
    expect(created.data.created_by?.name).toBe('Dana Demo');
    const found = follows(dataEnvelope(meetingSchema), await meetingsApi.get(created.data.code));
    expect(found.data).toEqual(created.data);
  });

  it('ties a meeting to a space', async () => {
    const space = seedSpace({ name: 'Design reviews' });
    as();
    const created = follows(dataEnvelope(meetingSchema), await meetingsApi.create({ space_id: space.id }));
    expect(created.data.space).toEqual({ id: space.id, name: 'Design reviews' });
  });

  it('answers 404 to someone outside the hub, and for unknown codes', async () => {
    as();
    const { data } = await meetingsApi.create();
    const outsider = mockDb.createAccount({ email: 'out@else.test', name: 'Out Sider', profile: true }).user;
    setAuthToken(mockDb.createSession(outsider.id));
    setHubHandle(null);
    expect(await failure(meetingsApi.get(data.code))).toMatchObject({ status: 404, code: 'not_found' });
    as();
    expect(await failure(meetingsApi.get('zzz-zzzz-zzz'))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses a space that is not in the hub', async () => {
    as();
    expect(await failure(meetingsApi.create({ space_id: mockDb.newId() }))).toMatchObject({ status: 404 });
  });
});
