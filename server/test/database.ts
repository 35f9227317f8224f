import { connectDatabase, type DatabaseHandle } from '../db/connect';
import { createScratchDatabase } from '../db/scratch-database';

/** Which database the API suite runs on: TEST_DB=postgres uses TEST_DATABASE_URL or DATABASE_URL. */
export const testDriver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL');
  return url;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new
 * PostgreSQL database created beside the configured one and dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver === 'pglite') return connectDatabase({ dataDir: 'memory://' });
  const scratch = await createScratchDatabase(postgresUrl(), 'convene_test');
  const handle = await connectDatabase({ url: scratch.url, dataDir: '' });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
