import { describe, expect, it } from 'vitest';
import { dataEnvelope, listEnvelope } from '@/lib/contract/envelope';
import { CONTACT_TEMPLATE_ID, templateSchema, type TemplateField } from '@/lib/contract/templates';
import { templatesApi } from '@/client/http/templates-api';
import { as, failure, follows } from '@/tests/infrastructure/mock-contract';
import { setupMockServer } from '@/tests/infrastructure/msw';
import { addHubMember } from '../spaces/fixtures';

setupMockServer();

const fields: TemplateField[] = [
  { key: 'title', label: 'Title', type: 'text', required: true },
  { key: 'stage', label: 'Stage', type: 'select', required: false, options: ['Lead', 'Won'] },
];

describe('mock form template endpoints follow the contract', () => {
  it('list, create, get, update, archive and restore', async () => {
    as();
    const created = follows(dataEnvelope(templateSchema), await templatesApi.create({ name: 'Deals', fields }));
    expect(created.data).toMatchObject({ version: 1, built_in: false, abilities: { update: true, archive: true } });
    const list = follows(listEnvelope(templateSchema), await templatesApi.list());
    expect(list.data.map((t) => t.name)).toEqual(['Contact', 'Deals']);
    expect(follows(dataEnvelope(templateSchema), await templatesApi.get(CONTACT_TEMPLATE_ID)).data.built_in).toBe(true);
    const id = created.data.id;
    const renamed = follows(dataEnvelope(templateSchema), await templatesApi.update(id, { version: 1, name: 'Sales deals' }));
    expect(renamed.data.version).toBe(2);
    follows(dataEnvelope(templateSchema), await templatesApi.update(id, { version: 2, archived: true }));
    expect((await templatesApi.list()).data.map((t) => t.name)).toEqual(['Contact']);
    expect((await templatesApi.list(1, true)).data.map((t) => t.name)).toEqual(['Contact', 'Sales deals']);
    const restored = follows(dataEnvelope(templateSchema), await templatesApi.update(id, { version: 3, archived: false }));
    expect(restored.data.archived).toBe(false);
  });

  // Taken names, stale versions, changes to saved fields and who may change templates are the API's rules (server/routes/templates).
  it('answers a body off the contract 400, an unknown template 404, and gives a viewer no abilities', async () => {
    as();
    const { id } = (await templatesApi.create({ name: 'Deals', fields })).data;
    expect(await failure(templatesApi.create({ name: '', fields }))).toMatchObject({ status: 400, code: 'validation_error' });
    expect(await failure(templatesApi.get('00000000-0000-4000-8000-000000000001'))).toMatchObject({ status: 404, code: 'not_found' });

    as(addHubMember('vic@example.com', 'Vic', 'viewer').id);
    expect((await templatesApi.get(id)).data.abilities).toEqual({ update: false, archive: false });
  });
});
