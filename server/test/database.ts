import { inject } from 'vitest';
import type { Logger } from 'drizzle-orm/logger';
import { connectDatabase, type DatabaseHandle } from '../db/connect';
import { createScratchDatabase } from '../db/scratch-database';

/**
 * A fresh database for one test file, copied from the suite's migrated
 * template beside it, and dropped on close. `url` is for child processes.
 */
export async function createTestDatabase(opts: { prefix?: string; logger?: Logger } = {}): Promise<DatabaseHandle & { url: string }> {
  const { adminUrl, template } = inject('testDatabases');
  const scratch = await createScratchDatabase(adminUrl, opts.prefix ?? 'convene_test', template);
  const handle = await connectDatabase({ url: scratch.url, dataDir: '', logger: opts.logger });
  return {
    ...handle,
    url: scratch.url,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** An empty database (copied from the migrated template) for a child process to open itself: its URL and `drop()`. */
export function createTestDatabaseUrl(prefix: string) {
  const { adminUrl, template } = inject('testDatabases');
  return createScratchDatabase(adminUrl, prefix, template);
}
