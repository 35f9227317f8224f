import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connect';
import { formTemplates, spaces } from '@/server/db/schema';
import type { RecordValues, TemplateField } from '@/lib/contract/templates';
import { insertWrittenContent } from '@/server/domain/contents/add-written-content';
import { insertRecords, reindexRecordTable } from '@/server/domain/records/save-records';
import { seedSpacesHub, type SeededHub } from '../spaces/seed';

export const STATUSES = ['Lead', 'Qualified', 'Proposal', 'Won', 'Lost'] as const;
const TAGS = ['Enterprise', 'SMB', 'Partner', 'Renewal', 'Urgent'] as const;
/** In the notes of every hundredth record and nowhere else (no other word of the notes holds it). */
export const RARE_WORD = 'escalation';
const FIRST = ['Ana', 'Bao', 'Chidi', 'Dana', 'Emil', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jun', 'Kemal', 'Lena', 'Mira', 'Nils', 'Oona', 'Pavel'];
const LAST = ['Nguyen', 'Okafor', 'Schmidt', 'Tanaka', 'Haddad', 'Costa', 'Novak', 'Larsen', 'Moreau', 'Kowalski', 'Silva', 'Petrov'];
const NOTE_WORDS = ['call', 'back', 'after', 'the', 'demo', 'pricing', 'sent', 'contract', 'draft', 'review', 'with', 'legal', 'budget', 'next',
  'quarter', 'meeting', 'booked', 'follow', 'up', 'on', 'invoice', 'trial', 'extended', 'wants', 'discount', 'for', 'annual', 'plan'];

/** The template of every table: one field of each common type. */
export const benchFields: TemplateField[] = [
  { key: 'name', label: 'Name', type: 'text', required: true },
  { key: 'amount', label: 'Amount', type: 'number', required: false },
  { key: 'seats', label: 'Seats', type: 'integer', required: false },
  { key: 'status', label: 'Status', type: 'select', required: false, options: [...STATUSES] },
  { key: 'close_date', label: 'Close date', type: 'date', required: false },
  { key: 'email', label: 'Email', type: 'email', required: false },
  { key: 'tags', label: 'Tags', type: 'multi-select', required: false, options: [...TAGS] },
  { key: 'notes', label: 'Notes', type: 'textarea', required: false },
];

/** A small seeded generator (mulberry32): the same records every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

/** Record `index` of a table: a sales lead with every field filled in (most of the time). */
export function benchRecord(index: number, seed = 1): RecordValues {
  const { next, pick } = generator(seed * 1_000_003 + index);
  const first = pick(FIRST);
  const last = pick(LAST);
  const notes = Array.from({ length: 6 + Math.floor(next() * 12) }, () => pick(NOTE_WORDS));
  if (index % 100 === 42) notes.splice(Math.floor(next() * notes.length), 0, RARE_WORD);
  const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(next() * 730) * 86_400_000);
  return {
    name: `${first} ${last}`,
    amount: Math.round(next() * 1_000_000) / 100,
    seats: 1 + Math.floor(next() * 500),
    status: pick(STATUSES),
    close_date: day.toISOString().slice(0, 10),
    email: `${first}.${last}${index}@example.com`.toLowerCase(),
    tags: TAGS.filter(() => next() < 0.3),
    notes: notes.join(' '),
  };
}

export interface SeededRecordTables {
  hub: SeededHub;
  spaceId: string;
  /** The table read: `records` records. */
  readTableId: string;
  /** The table edited by several people at once. */
  editTableId: string;
  editRecordIds: string[];
  /** Empty tables, one per person adding records. */
  addTableIds: string[];
}

/**
 * One hub, one space the caller owns, one template of eight fields and its
 * record tables, written by the domain's own insertRecords and re-indexed
 * once each by reindexRecordTable (as an import does).
 */
export async function seedRecordTables(db: Database, opts: { records: number; editRecords: number; addTables: number }): Promise<SeededRecordTables> {
  // Space 1 of the seed is public and created (owned) by the caller.
  const hub = await seedSpacesHub(db, { spaceCount: 2, memberCount: 20 });
  const [space] = await db.select({ id: spaces.id }).from(spaces)
    .where(and(eq(spaces.hubId, hub.hubId), eq(spaces.createdBy, hub.caller.userId))).limit(1);
  if (!space) throw new Error('the seeded hub has no space of the caller');
  const [template] = await db.insert(formTemplates)
    .values({ hubId: hub.hubId, name: 'Leads', fields: benchFields, createdBy: hub.caller.userId })
    .returning({ id: formTemplates.id });
  const userId = hub.caller.userId;
  const addTable = (name: string) => insertWrittenContent({
    db, hubId: hub.hubId, spaceId: space.id, createdBy: userId,
    item: { kind: 'table', source: 'records', name, body: '', details: { template_id: template!.id, row_count: 0 } },
  });
  const fill = async (contentId: string, count: number, seed: number) => {
    await db.transaction(async (tx) => {
      await insertRecords({ db: tx, hubId: hub.hubId, contentId, userId, fields: benchFields, values: Array.from({ length: count }, (_, i) => benchRecord(i, seed)) });
      await reindexRecordTable({ db: tx, hubId: hub.hubId, contentId, fields: benchFields });
    });
  };

  const readTableId = await addTable('Leads');
  await fill(readTableId, opts.records, 1);
  const editTableId = await addTable('Leads being edited');
  await fill(editTableId, opts.editRecords, 2);
  const addTableIds: string[] = [];
  for (let i = 0; i < opts.addTables; i += 1) addTableIds.push(await addTable(`Leads of person ${i + 1}`));

  const edited = (await db.execute(sql`select id from records where content_id = ${editTableId} order by created_at, id`)) as { rows: Array<{ id: string }> };
  await db.execute(sql`vacuum analyze`);
  return { hub, spaceId: space.id, readTableId, editTableId, editRecordIds: edited.rows.map((row) => row.id), addTableIds };
}

/** Change `n` of a lead: its amount and notes, different every time. */
export const benchChange = (n: number): RecordValues => ({
  amount: ((n * 7919) % 1_000_000) / 100,
  notes: `call back after the demo, change ${n}`,
});
