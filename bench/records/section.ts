import { WRITE_MIN_RUNS } from './concurrent';
import type { RecordsBenchResult } from './measure';

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const ratio = (a: number, b: number) => fixed(a / b, 2);

/** The records part of `npm run bench`: reads, then writes, each beside its bare SQL. */
export function recordsSection(result: RecordsBenchResult, row: (cells: string[]) => string): string {
  const { reads, writes } = result;
  const seconds = `${fixed(result.seedSeconds)} s`;
  return `Record tables — GET /api/v1/spaces/{id}/contents/{table}/records/ (page 1 of 10) on a table of ${result.records.toLocaleString('en')} records
of an eight-field template (text, number, integer, choice, date, email, multiple choice, paragraph; seeded sales
leads), the real API in its own process (${result.database}; seeding ${seconds}), ${result.connections} connections at once. SQL: the
page and the total as list-records.ts sends them (written by hand, same conditions and order), run concurrently,
${result.connections} at once, straight to the driver. The API also finds the table, its space and its template first.

${row(['read', 'matches', 'API req/s', 'API p50 ms', 'API p99 ms', 'SQL runs/s', 'SQL p50 ms', 'SQL p99 ms', 'ratio req/s', 'ratio p50', 'ratio p99'])}
${row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'])}
${reads.map(({ label, count, http, direct }) => row([
    label, String(count), fixed(http.requestsPerSecond, 0), fixed(http.p50Ms, 2), fixed(http.p99Ms, 2),
    fixed(direct.perSecond, 0), fixed(direct.p50Ms, 2), fixed(direct.p99Ms, 2),
    ratio(http.requestsPerSecond, direct.perSecond), ratio(http.p50Ms, direct.p50Ms), ratio(http.p99Ms, direct.p99Ms),
  ])).join('\n')}

Writes — each person one request after the other: PATCH …/records/{record}/ with the version it last saw (the answer
gives the next), or POST …/records/ to a table of their own (empty at the start, ~${result.addedPerTable} records each at the end).
An API write checks the values against the template, saves the record with its search text and asks for its table
to be re-indexed (one row per table); the table's text, search index and passages are rebuilt by the processing loop
about a second later, once however many writes asked. Baseline: the bare UPDATE (version checked and bumped) or
INSERT of the record alone, same people at once. The last three columns say how many
times slower the API's writes are. At least ${WRITE_MIN_RUNS} timed writes per row.

${row(['write', 'API writes/s', 'API p50 ms', 'API p99 ms', 'SQL writes/s', 'SQL p50 ms', 'SQL p99 ms', 'SQL/API writes/s', 'API/SQL p50', 'API/SQL p99'])}
${row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'])}
${writes.map(({ label, http, direct, conflicts }) => row([
    `${label}${conflicts > 0 ? ` (${conflicts} answered 409)` : ''}`, fixed(http.perSecond), fixed(http.p50Ms, 1), fixed(http.p99Ms, 1),
    fixed(direct.perSecond, 0), fixed(direct.p50Ms, 2), fixed(direct.p99Ms, 2),
    fixed(direct.perSecond / http.perSecond, 0), fixed(http.p50Ms / direct.p50Ms, 0), fixed(http.p99Ms / direct.p99Ms, 0),
  ])).join('\n')}

The filtered page's statement as sent straight to the database:
${result.sampleSql}`;
}
