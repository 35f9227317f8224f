import { readdirSync } from 'node:fs';
import path from 'node:path';
import { inject, it, expect } from 'vitest';
import { connectDatabase } from './connect';
import { createScratchDatabase } from './scratch-database';

it('lets several processes start on a new database at once: one migrates, the others wait and find it done', async () => {
  const { adminUrl } = inject('testDatabases');
  const scratch = await createScratchDatabase(adminUrl, 'convene_migrate');
  try {
    const handles = await Promise.all([1, 2, 3].map(() => connectDatabase({ url: scratch.url, dataDir: '' })));
    const { rows } = await handles[0]!.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const files = readdirSync(path.join(import.meta.dirname, 'migrations')).filter((name) => name.endsWith('.sql'));
    expect(rows[0]?.n).toBe(files.length);
    await Promise.all(handles.map((handle) => handle.close()));
  } finally {
    await scratch.drop();
  }
});
