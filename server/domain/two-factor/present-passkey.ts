import type { passkeys } from '../../db/schema';
import type { Passkey } from '../../../lib/contract/two-factor';

export function presentPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
