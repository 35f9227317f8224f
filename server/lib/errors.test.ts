import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/connect';
import { createTestDatabase } from '../test/database';
import { isUnstorableTextError } from './errors';

describe('isUnstorableTextError', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('recognises the error PostgreSQL raises for a NUL in text', async () => {
    const failure = await handle.db.execute(sql`select ${'a\0b'}::text as value`).then(() => null, (error: unknown) => error);
    expect(failure).not.toBeNull();
    expect(isUnstorableTextError(failure)).toBe(true);
  });

  it('leaves other errors alone', async () => {
    const failure = await handle.db.execute(sql`select 1/0`).then(() => null, (error: unknown) => error);
    expect(failure).not.toBeNull();
    expect(isUnstorableTextError(failure)).toBe(false);
    expect(isUnstorableTextError(new Error('plain'))).toBe(false);
  });
});
