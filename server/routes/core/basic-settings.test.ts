import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasicSettings } from '../../../lib/contract/settings';
import { startTestServer, type TestServer } from '../../test/harness';
import { createUser, refusedAuthorizations } from '../../test/fixtures';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('GET core/basic-settings/', () => {
  it("answers the spec's two visibility lists with their labels", async () => {
    const { token } = await createUser(server);
    const res = await server.get<{ data: BasicSettings }>('core/basic-settings/', { token });
    expect(res.status).toBe(200);
    const { hub_visibility, space_visibility } = res.body.data.permissions;
    expect(hub_visibility.map((o) => [o.value, o.label])).toEqual([['public', 'Public'], ['shared', 'Shared']]);
    expect(space_visibility.map((o) => [o.value, o.label])).toEqual([
      ['public', 'Everyone'], ['shared', 'Shared'], ['private', 'Private'],
    ]);
    for (const option of [...hub_visibility, ...space_visibility]) expect(option.description.length).toBeGreaterThan(10);
  });

  it('answers the roles with cumulative operations: viewer views, editor edits and invites, owner also manages', async () => {
    const { token } = await createUser(server);
    const res = await server.get<{ data: BasicSettings }>('core/basic-settings/', { token });
    const operations = Object.fromEntries(res.body.data.roles.map((r) => [r.value, r.operations]));
    expect(res.body.data.roles.map((r) => [r.value, r.label])).toEqual([['owner', 'Owner'], ['editor', 'Editor'], ['viewer', 'Viewer']]);
    expect(operations.viewer).toEqual(['view']);
    expect(operations.editor).toEqual(expect.arrayContaining(['view', 'add_content', 'edit_content', 'delete_content', 'invite', 'change_visibility']));
    expect(operations.editor).not.toContain('manage_roles');
    expect(operations.owner).toEqual(expect.arrayContaining([...operations.editor!, 'archive', 'transfer_ownership', 'manage_roles']));
  });

  it('answers a realistic list of job roles across departments, with unique values', async () => {
    const { token } = await createUser(server);
    const res = await server.get<{ data: BasicSettings }>('core/basic-settings/', { token });
    const roles = res.body.data.profile_roles;
    expect(roles.length).toBeGreaterThanOrEqual(25);
    expect(roles.length).toBeLessThanOrEqual(40);
    expect(new Set(roles.map((r) => r.value)).size).toBe(roles.length);
    for (const role of roles) expect(role.value).toMatch(/^[a-z_]+$/);
    expect(new Set(roles.map((r) => r.department))).toEqual(new Set([
      'Leadership', 'Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations', 'Finance', 'HR',
      'Legal', 'Support', 'Education', 'Research', 'Other',
    ]));
    expect(roles).toContainEqual({ value: 'software_engineer', label: 'Software Engineer', department: 'Engineering' });
  });

  it('answers 401 to requests that are not signed in', async () => {
    for (const { name, authorization } of await refusedAuthorizations(server)) {
      const res = await server.get('core/basic-settings/', { authorization });
      expect(res.status, name).toBe(401);
      expect(res.body, name).not.toHaveProperty('data');
    }
  });

  it('is described in the OpenAPI document', async () => {
    const res = await server.get<{ paths: Record<string, Record<string, unknown>> }>('openapi.json');
    expect(Object.keys(res.body.paths['/api/v1/core/basic-settings/'] ?? {})).toEqual(['get']);
  });
});
