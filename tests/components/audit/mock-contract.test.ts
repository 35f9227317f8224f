import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEventSchema } from '@/lib/contract/audit';
import { dataEnvelope, listEnvelope } from '@/lib/contract/envelope';
import { revokedOthersSchema, revokedSessionSchema, sessionSchema } from '@/lib/contract/sessions';
import { accountApi } from '@/client/http/account-api';
import { auditApi } from '@/client/http/audit-api';
import { addMockSession } from '@/mocks/account-state';
import { mockDb } from '@/mocks/node';
import { MOCK_DEMO_HUB } from '@/mocks/state';
import { as, failure, follows } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { addHubMember, demoHub } from '../spaces/fixtures';

setupMockServer();

const handle = MOCK_DEMO_HUB.domainHandle;

describe('mock sessions and activity endpoints follow the contract', () => {
  it('lists, signs out one and the others, and shows the activity', async () => {
    as();
    const sessions = follows(dataEnvelope(z.array(sessionSchema)), await accountApi.sessions());
    expect(sessions.data.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.data.find((s) => !s.current)!;
    follows(dataEnvelope(revokedSessionSchema), await accountApi.revokeSession(other.id));
    expect(await failure(accountApi.revokeSession(other.id))).toMatchObject({ status: 404, code: 'not_found' });
    addMockSession(mockDb, demoHub().owner.id);
    expect(follows(dataEnvelope(revokedOthersSchema), await accountApi.revokeOtherSessions()).data.revoked).toBeGreaterThan(0);
    const activity = follows(listEnvelope(auditEventSchema), await accountApi.activity());
    expect(activity.data.map((e) => e.type)).toContain('session_revoked');
  });
});

describe('mock audit endpoints follow the contract', () => {
  // Who may read the log and which people it knows are the API's rules (server/routes/organizations/audit.test.ts).
  it('lists with filters and exports CSV', async () => {
    const vic = addHubMember('vic@example.com', 'Vic', 'viewer');
    as();
    follows(listEnvelope(auditEventSchema), await auditApi.list(handle, 1, { type: 'hub_updated', from: '2020-01-01', to: '2999-12-31' }));
    follows(listEnvelope(auditEventSchema), await auditApi.list(handle, 1, { person: vic.id }));
    expect(await failure(auditApi.list(handle, 1, { from: 'yesterday' }))).toMatchObject({ status: 400, code: 'validation_error' });
    const csv = await (await auditApi.exportCsv(handle)).text();
    expect(csv).toMatch(/^\ufeff?"time","event","description"/);
  });
});
