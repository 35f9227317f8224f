import { asc, eq } from 'drizzle-orm';
import { records } from '../../db/schema';
import { contentItemSchema } from '../../../lib/contract/contents';
import type { MyHub } from '../../../lib/contract/hubs';
import { importPreviewSchema, importReportSchema, type RunImportBody } from '../../../lib/contract/records';
import { templateSchema, type RecordValues, type TemplateField } from '../../../lib/contract/templates';
import type { ApiResponse, TestServer } from '../../test/harness';
import { as, createSpace, hubWithPeople, joinSpace, type ErrorBody, type HubWithPeople, type Person } from '../spaces/space-test-kit';

/*
 * Record tables to import into and export from, through the real endpoints,
 * for the import and export suites.
 */

/** A template with a field of each kind an import fills differently, and one field later removed. */
export const projectFields: TemplateField[] = [
  { key: 'title', label: 'Title', type: 'text', required: true, max_length: 40 },
  { key: 'budget', label: 'Budget', type: 'number', required: false, min: 0, max: 1000 },
  { key: 'seats', label: 'Seats', type: 'integer', required: false },
  { key: 'owner', label: 'Owner email', type: 'email', required: false },
  { key: 'stage', label: 'Stage', type: 'select', required: false, options: ['Idea', 'Doing', 'Done'], default: 'Idea' },
  { key: 'tags', label: 'Tags', type: 'multi-select', required: false, options: ['red', 'blue', 'green'] },
  { key: 'due', label: 'Due', type: 'date', required: false },
  { key: 'legacy', label: 'Legacy code', type: 'string', required: false },
];

export interface TableRef {
  spaceId: string;
  contentId: string;
}

export interface RecordWorld extends HubWithPeople {
  spaceId: string;
  templateId: string;
}

export const tablePath = (table: TableRef, rest = '') => `spaces/${table.spaceId}/contents/${table.contentId}/records/${rest}`;

export async function createTemplate(server: TestServer, person: Person, hub: MyHub, fields: TemplateField[], name = `Projects ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await server.post<{ data: unknown }>('form-templates/', { name, fields }, as(person, hub));
  if (res.status !== 201) throw new Error(`create template failed: ${res.status} ${JSON.stringify(res.body)}`);
  return templateSchema.parse(res.body.data);
}

/** A hub with an owner, editor and viewer, a public space the editor joined, and the projects template. */
export async function recordWorld(server: TestServer): Promise<RecordWorld> {
  const people = await hubWithPeople(server);
  const space = await createSpace(server, people.owner, people.hub, { visibility: 'public' });
  await joinSpace(server, people.editor, people.hub, space);
  const template = await createTemplate(server, people.owner, people.hub, projectFields);
  return { ...people, spaceId: space.id, templateId: template.id };
}

/** Creates a record table through the API; fails the test if the API refuses. */
export async function createRecordTable(server: TestServer, person: Person, hub: MyHub, spaceId: string, templateId: string, name = 'Projects'): Promise<TableRef> {
  const res = await server.post<{ data: unknown }>(`spaces/${spaceId}/contents/record-tables/`, { name, template_id: templateId }, as(person, hub));
  if (res.status !== 201) throw new Error(`create record table failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { spaceId, contentId: contentItemSchema.parse(res.body.data).id };
}

export interface ImportFile {
  name: string;
  data: Buffer | string;
}

export type PreviewBody = { data: ReturnType<typeof importPreviewSchema.parse> } & ErrorBody;
export type ReportBody = { data: ReturnType<typeof importReportSchema.parse>; message?: string } & ErrorBody;

/** Sends a file as the whole body of POST …/records/imports/?name=, as the web app does. */
export async function uploadImport(
  server: TestServer,
  who: { person?: Person; hub: MyHub; authorization?: string },
  table: TableRef,
  file: ImportFile,
): Promise<{ status: number; body: PreviewBody }> {
  const headers: Record<string, string> = { 'Org-Handle': who.hub.domain_handle, 'Content-Type': 'application/octet-stream' };
  const authorization = who.authorization ?? (who.person ? `JWT ${who.person.token}` : undefined);
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(`${server.url}/api/v1/${tablePath(table, `imports/?name=${encodeURIComponent(file.name)}`)}`, {
    method: 'POST',
    headers,
    body: typeof file.data === 'string' ? file.data : new Uint8Array(file.data),
  });
  const raw = await response.text();
  return { status: response.status, body: (raw ? JSON.parse(raw) : null) as PreviewBody };
}

/** Reads a file for import and fails the test unless it is accepted. */
export async function previewOf(server: TestServer, who: { person: Person; hub: MyHub }, table: TableRef, file: ImportFile) {
  const res = await uploadImport(server, who, table, file);
  if (res.status !== 201) throw new Error(`import upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return importPreviewSchema.strict().parse(res.body.data);
}

export const runImport = (server: TestServer, who: { person: Person; hub: MyHub }, table: TableRef, importId: string, body: RunImportBody): Promise<ApiResponse<ReportBody>> =>
  server.post<ReportBody>(tablePath(table, `imports/${importId}/`), body, as(who.person, who.hub));

/** The values of the table's records as stored, in the order they were added. */
export async function storedValues(server: TestServer, table: TableRef): Promise<RecordValues[]> {
  const rows = await server.db
    .select({ values: records.values })
    .from(records)
    .where(eq(records.contentId, table.contentId))
    .orderBy(asc(records.createdAt), asc(records.id));
  return rows.map((row) => row.values);
}
