import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/connect';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { createScratchDatabase } from '../db/scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test databases are created, and the migrated database each one copies. */
    testDatabases: { adminUrl: string; template: string };
  }
}

/**
 * Once per API run: the PostgreSQL server the suite uses (TEST_DATABASE_URL or
 * DATABASE_URL, else the built-in one in a temporary folder), and a database
 * migrated once that every test file's database is copied from.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'convene-test-pg-'));
    server = await startEmbeddedPostgres({ dataDir });
    adminUrl = server.adminUrl;
  }
  const template = await createScratchDatabase(adminUrl, 'convene_template');
  await (await connectDatabase({ url: template.url, dataDir: '' })).close();
  project.provide('testDatabases', { adminUrl, template: template.name });

  return async () => {
    await template.drop();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
