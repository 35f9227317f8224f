// `npm run bench`: GET auth/me/ on the real API against a bare Fastify route
// answering the same JSON (same run, same machine), the idle memory of `npm start`,
// and GET spaces/ over 10,000 spaces against the same SQL sent straight to the
// database (the built-in PostgreSQL, or DATABASE_URL's); a 200 MiB upload
// streamed through the API against writing the same bytes to disk, with the
// server's memory; and GET search/ over 10,000 documents (~100 MB of text)
// against its SQL sent straight to the database; and video meetings in headless
// Chromium: join → first remote frame against a bare WebRTC call, and frames per
// second and browser CPU with 2, 3 and 4 people; and the first-load JavaScript
// (gzip) of the sign-in page, the hub home and a space page, Lighthouse on the
// sign-in page and the hub home, and route changes inside the signed-in app.
// And Ask: a generated handbook's evaluation set asked through the API (retrieval
// recall@5, answer accuracy, citation precision, time to the first sentence and to
// the end), extractive and, with LLM_BASE_URL and LLM_MODEL set, with the model.
// And small files: Markdown, CSV and text of ~100 bytes uploaded through the API, from queued to ready,
// against writing the same bytes to disk and reading them back.
// And one meeting tab's CPU with noise suppression, background blur, both or neither (meeting-effects).
// And record tables (records): GET records/ of a 10,000-record table paged, sorted, filtered and searched, and people
// changing and adding records at once, against the same reads and the bare UPDATE/INSERT sent straight to the database.
// `npm run bench -- spaces` (or auth-me, memory, upload, processing, search, ask, meetings, meeting-effects, web, records) runs only the parts named.
import os from 'node:os';
import { measureAsk, type AskBenchRun } from './ask/measure-ask';
import { measureProcessing, type ProcessingBenchResult, type Timings } from './contents/measure-processing';
import { measureSearch, type SearchBenchResult } from './contents/measure-search';
import { measureUpload, type UploadBenchResult } from './contents/measure-upload';
import { measureIdleMemory, type IdleMemory } from './idle-memory';
import { measureLoad, type LoadResult } from './load';
import { effectsCpuSection, measureEffectsCpu } from './meetings/effects';
import { MEETING_SIZES, measureMeetings, type MeetingsBenchResult, type ParticipantsResult } from './meetings/measure';
import { measurePeople, type PeopleBenchResult } from './people/measure';
import { measureRecords } from './records/measure';
import { recordsSection } from './records/section';
import { spawnBenchServers } from './spawn-servers';
import { measureSpacesList, type SpacesBenchResult } from './spaces/measure';
import { firstLoadSection, measureFirstLoad } from './web/first-load';
import { measurePageSpeed, pageSpeedSection } from './web/page-speed';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const durationSeconds = positive('BENCH_DURATION', 10);
const connections = positive('BENCH_CONNECTIONS', 10);
const warmupSeconds = Math.min(2, durationSeconds);
const idleSeconds = 5;
const spacesSeconds = positive('BENCH_SPACES_SECONDS', 5);
const uploadMiB = positive('BENCH_UPLOAD_MIB', 200);
const processingFiles = positive('BENCH_PROCESSING_FILES', 30);
const processingBurst = positive('BENCH_PROCESSING_BURST', 10);
const searchDocuments = positive('BENCH_SEARCH_DOCUMENTS', 10_000);
const searchCharacters = positive('BENCH_SEARCH_CHARACTERS', 10_000);
const searchSeconds = positive('BENCH_SEARCH_SECONDS', 3);
const askFillerNotes = positive('BENCH_ASK_FILLER', 2_000);
const meetingJoins = positive('BENCH_MEETING_JOINS', 10);
const meetingSeconds = positive('BENCH_MEETING_SECONDS', 10);
const effectsSeconds = positive('BENCH_EFFECTS_SECONDS', 10);
const peopleSeconds = positive('BENCH_PEOPLE_SECONDS', 120);
const peopleWarmupSeconds = positive('BENCH_PEOPLE_WARMUP_SECONDS', 20);
const lighthouseRuns = positive('BENCH_LIGHTHOUSE_RUNS', 3);
const routeChanges = positive('BENCH_ROUTE_CHANGES', 30);
const recordCount = positive('BENCH_RECORDS', 10_000);
const recordsSeconds = positive('BENCH_RECORDS_SECONDS', 3);

const parts = ['auth-me', 'memory', 'spaces', 'people', 'upload', 'processing', 'search', 'ask', 'meetings', 'meeting-effects', 'web', 'records'] as const;
const named = process.argv.slice(2);
const unknown = named.filter((name) => !(parts as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown bench part ${unknown.join(', ')}; choose from ${parts.join(', ')}`);
const runs = (part: (typeof parts)[number]) => named.length === 0 || named.includes(part);

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const ratio = (a: number, b: number, digits: number) => fixed(a / b, digits);

function loadRow(name: string, result: LoadResult) {
  return row([name, fixed(result.requestsPerSecond, 0), fixed(result.p50Ms, 2), fixed(result.p99Ms, 2), String(result.requests)]);
}

function memoryRow(name: string, memory: IdleMemory) {
  const exit = memory.exitCode === null ? 'did not exit within 20 s' : String(memory.exitCode);
  return row([name, `${fixed(memory.rssBytes / 1024 / 1024)} MiB`, String(memory.processes), exit]);
}

async function benchAuthMe() {
  const servers = await spawnBenchServers();
  try {
    const headers = { AppType: 'social', Authorization: `JWT ${servers.token}` };
    const load = { connections, durationSeconds, warmupSeconds };
    console.info(`Measuring GET auth/me/ (${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s)…`);
    const ours = await measureLoad({ ...load, url: servers.apiUrl, headers });
    console.info('Measuring the bare Fastify route with the same JSON body…');
    const baseline = await measureLoad({ ...load, url: servers.bareUrl, headers });
    for (const [name, result] of [['auth/me', ours], ['bare', baseline]] as const) {
      if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed requests; the figures would be meaningless`);
    }
    return { ours, baseline };
  } finally {
    await servers.stop();
  }
}

function spacesRows(result: SpacesBenchResult) {
  return result.pages.map(({ page, http, direct }) => row([
    result.database, String(page), fixed(http.p50Ms, 2), fixed(http.p99Ms, 2), fixed(direct.p50Ms, 2), fixed(direct.p99Ms, 2),
    ratio(http.p50Ms, direct.p50Ms, 2), ratio(http.p99Ms, direct.p99Ms, 2), `${http.requests} / ${direct.runs}`,
  ]));
}

async function benchSpaces(): Promise<SpacesBenchResult[]> {
  console.info(`Seeding 10,000 spaces and 1,000 members, then timing GET spaces/ pages 1 and 500 and their SQL (${spacesSeconds} s each)…`);
  return [await measureSpacesList({ seconds: spacesSeconds, warmupSeconds: Math.min(1, spacesSeconds) })];
}

const mib = (bytes: number) => `${fixed(bytes / 1024 / 1024)} MiB`;

async function benchUpload(): Promise<UploadBenchResult> {
  console.info(`Uploading a ${uploadMiB} MiB media file through POST spaces/{id}/contents/upload/ and contents/ (multipart), and writing it straight to disk…`);
  return measureUpload({ sizeBytes: Math.round(uploadMiB * 1024 * 1024) });
}

function uploadSection(result: UploadBenchResult) {
  const rawMean = (result.diskBefore.mibPerSecond + result.diskAfter.mibPerSecond) / 2;
  const throughputRow = (name: string, t: { mibPerSecond: number; seconds: number }) =>
    row([name, fixed(t.mibPerSecond), fixed(t.seconds, 2)]);
  return `POST /api/v1/spaces/{id}/contents/upload/?kind=media&name=bench.mp4 — one ${mib(result.sizeBytes)} MP4 streamed from
disk as the whole body (what the web app sends), then POST /api/v1/spaces/{id}/contents/?kind=media with the same file
as a multipart part, each over one HTTP connection to the real API (built-in PostgreSQL, own process), against the
same bytes streamed from the same source file into a new file on the same file system (${result.fileSystem}) and
fsynced, before and after the uploads. One untimed 1 MiB upload goes first (a server in service has taken uploads
before). The API's time runs until its 201 answer. Each timed write follows the removal of as much (an untimed raw
write goes first; each uploaded item is deleted after its answer), and the file is read through a few reused buffers.

${row(['measurement', 'MiB/s', 'seconds'])}
${row(['---', '---:', '---:'])}
${throughputRow('raw write + fsync, before', result.diskBefore)}
${throughputRow('upload through the API (bare file)', result.upload)}
${throughputRow('upload through the API (multipart)', result.multipartUpload)}
${throughputRow('raw write + fsync, after', result.diskAfter)}
${row(['ratio upload / raw (mean of both)', ratio(result.upload.mibPerSecond, rawMean, 2), ''])}
${row(['ratio multipart upload / raw (mean of both)', ratio(result.multipartUpload.mibPerSecond, rawMean, 2), ''])}

${row(['API process memory', 'resident'])}
${row(['---', '---:'])}
${row(['idle, before the upload', mib(result.idleRssBytes)])}
${row([`peak during the bare-file upload (${result.peakSource === 'VmHWM' ? 'VmHWM, reset before it' : 'sampled every 10 ms'})`, mib(result.peakRssBytes)])}
${row(['growth', mib(result.peakRssBytes - result.idleRssBytes)])}`;
}

async function benchProcessing(): Promise<ProcessingBenchResult> {
  console.info(`Uploading ${processingFiles} small files one at a time, then ${processingBurst} at once, and timing each from queued to ready…`);
  return measureProcessing({ files: processingFiles, burst: processingBurst });
}

function processingSection(result: ProcessingBenchResult) {
  const timingRow = (name: string, t: Timings) => row([name, fixed(t.p50Ms), fixed(t.p95Ms), fixed(t.maxMs), String(t.runs)]);
  return `Small files — ~100-byte Markdown, CSV and text files sent to POST /api/v1/spaces/{id}/contents/upload/ (the real API in
its own process, built-in PostgreSQL, uploads processed in the background as npm start does). Queued → ready: from the
upload's 201 answer until GET of the item (polled every 5 ms) says ready; ${result.files} files one at a time, then ${result.burst} sent at
once. Two untimed files go first. Baseline: the same bytes written to a new file on the uploads' file system, fsynced and
read back.

${row(['measurement', 'p50 ms', 'p95 ms', 'max ms', 'runs'])}
${row(['---', '---:', '---:', '---:', '---:'])}
${timingRow('upload until its answer', result.upload)}
${timingRow('queued → ready, one at a time', result.queueToReady)}
${timingRow(`queued → ready, ${result.burst} at once`, result.burstQueueToReady)}
${timingRow('baseline: write + fsync + read back', result.baseline)}
${row(['ratio queued → ready / baseline', ratio(result.queueToReady.p50Ms, result.baseline.p50Ms, 0), ratio(result.queueToReady.p95Ms, result.baseline.p95Ms, 0), '', ''])}`;
}

async function benchSearch(): Promise<SearchBenchResult[]> {
  console.info(`Seeding ${searchDocuments} documents of ~${searchCharacters} characters, then timing GET search/ and its SQL (${searchSeconds} s per query each)…`);
  return [await measureSearch({ documents: searchDocuments, characters: searchCharacters, seconds: searchSeconds })];
}

function searchRows(result: SearchBenchResult) {
  return result.queries.map(({ label, q, count, capped, http, direct }) => row([
    result.database, label, `\`${q}\``, `${count}${capped ? '+' : ''}`, fixed(http.p50Ms, 1), fixed(http.p95Ms, 1), fixed(direct.p50Ms, 1), fixed(direct.p95Ms, 1),
    ratio(http.p50Ms, direct.p50Ms, 2), ratio(http.p95Ms, direct.p95Ms, 2), `${http.runs} / ${direct.runs}`,
  ]));
}

function evaluationRows(result: SearchBenchResult) {
  return result.evaluation.map(({ kind, queries, mrr, recallAt10 }) => row([result.database, kind, String(queries), fixed(mrr, 3), fixed(recallAt10, 3)]));
}

function searchSection(results: SearchBenchResult[]) {
  const [first] = results as [SearchBenchResult];
  const seeding = results.map((r) => `${r.database} ${fixed(r.seedSeconds)} s`).join(', ');
  return `GET /api/v1/search/?q=Q&page_size=10 — one hub with ${first.documents.toLocaleString('en')} ready documents (${mib(first.characters)} of
text, generated from a 20,000-word vocabulary with Zipf frequencies and a seeded generator) in ${first.spaces} spaces;
the caller, a hub editor, may read ${first.visibleSpaces} of them. API: the real server over HTTP, one request at a time,
snippets included. SQL: the statement the search function sends, captured from drizzle's logger in the same
run and sent straight to the driver. Seeding (rows, indexContent for each, the GIN index built at the end,
vacuum analyze): ${seeding}.

${row(['database', 'query', 'q', 'matches', 'API p50 ms', 'API p95 ms', 'SQL p50 ms', 'SQL p95 ms', 'ratio p50', 'ratio p95', 'requests / SQL runs'])}
${row(['---', '---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'])}
${results.flatMap(searchRows).join('\n')}

Matches: counted up to 1,000 (1000+: more). Search remembers nothing between requests: each is a first search. Ranking quality: queries cut from the names of documents spread from
oldest to newest, each searched once; the documents that belong first are those whose name holds what was typed.

${row(['database', 'queries', 'n', 'MRR', 'recall@10'])}
${row(['---', '---', '---:', '---:', '---:'])}
${results.flatMap(evaluationRows).join('\n')}

The ranking statement as sent (common word):
${first.queries[0]?.sql ?? ''}`;
}

async function benchAsk(): Promise<AskBenchRun[]> {
  console.info(`Writing the handbook (${askFillerNotes} filler notes), then asking its evaluation set through POST ask/…`);
  return measureAsk({ fillerNotes: askFillerNotes });
}

function askSection(runs: AskBenchRun[]) {
  const [first] = runs as [AskBenchRun];
  const percent = (value: number) => `${fixed(value * 100)} %`;
  return `POST /api/v1/ask/ — a generated company handbook (seeded): ${first.notes} notes written through the API, each holding the
facts of an office, a product or a team among filler paragraphs, and ${first.fillerNotes.toLocaleString('en')} filler notes on the same
subjects (${first.database}; seeding ${fixed(first.seedSeconds)} s). ${first.questions} questions, each with the fact its answer must contain
and the note that holds it, plus ${first.unanswerable} the handbook cannot answer; asked one at a time over HTTP, the stream read as it
arrives. Recall@5: the note among the first 5 passages retrieved. Accuracy: the fact in the answer. Citation precision:
(sentence, cited passage) pairs where the passage holds at least 80 % of the sentence's words.

${row(['path', 'recall@5', 'accuracy', 'citation precision', 'citations', 'answerable declined', 'unanswerable declined', 'first sentence p50 / p95 ms', 'done p50 / p95 ms'])}
${row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'])}
${runs.map((run) => row([
    run.path, percent(run.recallAt5), percent(run.accuracy), percent(run.citationPrecision), String(run.citations),
    `${run.declined} / ${run.questions}`, `${run.rightlyDeclined} / ${run.unanswerable}`,
    `${fixed(run.firstSentence.p50Ms)} / ${fixed(run.firstSentence.p95Ms)}`, `${fixed(run.done.p50Ms)} / ${fixed(run.done.p95Ms)}`,
  ])).join('\n')}${runs.length === 1 ? '\n\nNo language model configured (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY): extractive answers only.' : ''}`;
}

async function benchMeetings(): Promise<MeetingsBenchResult> {
  console.info(`Timing ${meetingJoins} meeting joins and ${meetingJoins} bare WebRTC calls, then ${MEETING_SIZES.join(', ')} people in a meeting (${meetingSeconds} s each), in headless Chromium, as a mesh and through Janus…`);
  return measureMeetings({ joins: meetingJoins, windowSeconds: meetingSeconds });
}

function meetingsSection(result: MeetingsBenchResult) {
  const { join, baseline } = result;
  const timingRow = (name: string, t: { p50Ms: number; p95Ms: number; runs: number }) =>
    row([name, fixed(t.p50Ms, 0), fixed(t.p95Ms, 0), String(t.runs)]);
  const { sfu } = result;
  const failed = (mode: string, r: { failedJoins: number; join: { runs: number } }) => (r.failedJoins > 0
    ? `\n${mode}: ${r.failedJoins} of ${r.join.runs + r.failedJoins} joins showed no remote frame within 20 s (left out above).\n`
    : '');
  const participantsTable = (mode: string, participants: ParticipantsResult[]) => `${row(['people', 'media', 'remote tiles', 'fps per tile (mean)', 'fps (lowest tile)', 'tiles without frames', 'received size', 'browser CPU %', 'server CPU %'])}
${row(['---', '---', '---:', '---:', '---:', '---:', '---', '---:', '---:'])}
${participants.map((p) => row([
    String(p.participants), mode, String(p.remoteTiles), fixed(p.meanFps), fixed(p.minFps), String(p.stalledTiles), p.resolution,
    fixed(p.browserCpuPercent, 0), fixed(p.serverCpuPercent, 1),
  ])).join('\n')}`;
  return `Video meetings — the product as npm start serves it (production build, built-in PostgreSQL, no STUN/TURN: host
candidates on this machine) and headless Chromium with its fake camera and microphone, in this process's tree.
Join: a second person, lobby camera already on, clicks "Join meeting" → first frame of the host's tile
(requestVideoFrameCallback). Bare: two browser contexts with the same fake camera, one RTCPeerConnection each,
offer/answer and candidates carried by this process → first remote frame; one untimed run before each.

${row(['join → first remote frame', 'p50 ms', 'p95 ms', 'runs'])}
${row(['---', '---:', '---:', '---:'])}
${timingRow('Convene (mesh): click "Join meeting" → first remote frame', join)}
${sfu ? `${timingRow('Convene (Janus SFU): click "Join meeting" → first remote frame', sfu.join)}\n` : ''}${timingRow('bare RTCPeerConnection: createOffer → first remote frame', baseline)}
${row(['ratio Convene (mesh)/bare', ratio(join.p50Ms, baseline.p50Ms, 1), ratio(join.p95Ms, baseline.p95Ms, 1), ''])}
${failed('Mesh', result)}${sfu ? failed('Janus', sfu) : ''}
Everyone in one meeting, as a mesh (each sends to each) and through a Janus SFU the bench starts (each sends once,
simulcast; Janus's CPU counts as the server's)${sfu ? '' : ' — Janus is not installed, so the mesh only'}; over ${result.windowSeconds} s after 3 s of settling, frames
received per second per remote tile (getVideoPlaybackQuality) and CPU time of all browser processes and of the server
(utime + stime from /proc, as % of one core; ${os.cpus().length} cores here).

${participantsTable('mesh', result.participants)}${sfu ? `\n${participantsTable('Janus', sfu.participants).split('\n').slice(2).join('\n')}` : ''}`;
}

function peopleSection(result: PeopleBenchResult) {
  const runRow = (run: PeopleBenchResult['runs'][number]) => row([
    run.busyCore ? 'one core kept busy' : 'quiet', String(run.requests), fixed(run.requests / run.seconds, 0), String(run.errors),
    fixed(run.p50Ms, 1), fixed(run.p95Ms, 1), fixed(run.p99Ms, 1),
    ...(['me', 'spaces', 'contents', 'search', 'upload'] as const).map((action) => `${fixed(run.byAction[action].p50Ms, 0)} / ${fixed(run.byAction[action].p99Ms, 0)}`),
  ]);
  const samples = result.runs.flatMap((run) => run.errorSamples);
  return `${result.people} people at once in one hub (each signed in, thinking 1–3 s between actions: GET auth/me/ 30 %,
spaces/ 20 %, a space's contents/ 20 %, search/ 20 %, a 9 kB upload 10 %), ${result.runs[0]?.seconds ?? 0} s per run, the real API in its own
process on the product's database with ${result.documents.toLocaleString('en')} documents (seeding ${fixed(result.seedSeconds)} s). A ${result.warmupSeconds} s run of the same
mix goes first and is not counted (a hub in service has served its people before). Busy: another process spins one core meanwhile.

${row(['machine', 'requests', 'req/s', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'me p50 / p99', 'spaces p50 / p99', 'contents p50 / p99', 'search p50 / p99', 'upload p50 / p99'])}
${row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'])}
${result.runs.map(runRow).join('\n')}
${samples.length > 0 ? `\nFailures (first few): ${samples.join('; ')}\n` : ''}
GET /api/v1/spaces/{id}/contents/?page=P&page_size=10 on the space holding all ${result.documents.toLocaleString('en')} documents, one connection:

${row(['page', 'req/s', 'p50 ms', 'p99 ms', 'requests'])}
${row(['---', '---:', '---:', '---:', '---:'])}
${result.contentsList.map(({ page, http }) => row([String(page), fixed(http.requestsPerSecond, 0), fixed(http.p50Ms, 2), fixed(http.p99Ms, 2), String(http.requests)])).join('\n')}`;
}

const authMe = runs('auth-me') ? await benchAuthMe() : null;
if (runs('memory')) console.info(`Measuring the idle memory of npm start (${idleSeconds} s idle after the first page view)…`);
const memory = runs('memory') ? await measureIdleMemory({ idleSeconds }) : null;
const spaces = runs('spaces') ? await benchSpaces() : [];
if (runs('people')) console.info(`Seeding a hub of 400 people with 10,000 documents, then ${peopleWarmupSeconds} s of warm-up and ${peopleSeconds} s of them all at once, quiet and with one core busy…`);
const people = runs('people') ? await measurePeople({ seconds: peopleSeconds, warmupSeconds: peopleWarmupSeconds, listSeconds: spacesSeconds }) : null;
const upload = runs('upload') ? await benchUpload() : null;
const processing = runs('processing') ? await benchProcessing() : null;
const search = runs('search') ? await benchSearch() : [];
const ask = runs('ask') ? await benchAsk() : [];
const meetings = runs('meetings') ? await benchMeetings() : null;
if (runs('meeting-effects')) console.info(`Measuring one meeting tab's CPU with effects off, noise suppression, background blur and both (${effectsSeconds} s each)…`);
const meetingEffects = runs('meeting-effects') ? await measureEffectsCpu({ windowSeconds: effectsSeconds, settleSeconds: 5 }) : null;
const web = runs('web') ? measureFirstLoad() : null;
if (runs('web')) console.info(`Running Lighthouse ${lighthouseRuns} times per page and preset, then timing ${routeChanges} route changes in headless Chromium…`);
const pageSpeed = runs('web') ? await measurePageSpeed({ lighthouseRuns, routeChanges }) : null;
if (runs('records')) console.info(`Seeding record tables (${recordCount} records), then timing GET records/ and writes over ${connections} connections (${recordsSeconds} s each) and as bare SQL…`);
const records = runs('records')
  ? await measureRecords({ records: recordCount, connections, seconds: recordsSeconds, warmupSeconds: Math.min(1, recordsSeconds) })
  : null;

const sections = [`Convene benchmark — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`];
if (authMe) {
  const { ours, baseline } = authMe;
  sections.push(`Both servers in one child process with logging off, loaded one after the other from this process.

${row(['target', 'req/s', 'p50 ms', 'p99 ms', 'requests'])}
${row(['---', '---:', '---:', '---:', '---:'])}
${loadRow('GET /api/v1/auth/me/ (Convene)', ours)}
${loadRow('bare Fastify, same JSON', baseline)}
${row(['ratio ours/bare', ratio(ours.requestsPerSecond, baseline.requestsPerSecond, 3), ratio(ours.p50Ms, baseline.p50Ms, 1), ratio(ours.p99Ms, baseline.p99Ms, 1), ''])}`);
}
if (memory) {
  sections.push(`${row(['npm start, idle', 'resident memory (process tree)', 'processes', 'exit code after SIGINT'])}
${row(['---', '---:', '---:', '---:'])}
${memoryRow('first start (creates the database)', memory.firstStart)}
${memoryRow('restart (existing data)', memory.restart)}`);
}
if (spaces.length > 0) {
  const seeding = spaces.map((r) => `${r.database} ${fixed(r.seedSeconds)} s`).join(', ');
  sections.push(`GET /api/v1/spaces/?page=P&page_size=10 — one hub with 10,000 spaces (80 % public, 10 % shared, 10 % private)
and 1,000 members; the caller, a hub editor, sees ${spaces[0]!.visible} of them. API: the real server over HTTP, one
connection. SQL: the statements the list function sends (the page's rows and the total), captured from drizzle's
logger in the same run and sent straight to the driver, concurrently as the function sends them. Seeding: ${seeding}.

${row(['database', 'page', 'API p50 ms', 'API p99 ms', 'SQL p50 ms', 'SQL p99 ms', 'ratio p50', 'ratio p99', 'requests / SQL runs'])}
${row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'])}
${spaces.flatMap(spacesRows).join('\n')}

The page-rows statement as sent (page 1):
${spaces[0]!.sampleSql}`);
}
if (people) sections.push(peopleSection(people));
if (upload) sections.push(uploadSection(upload));
if (processing) sections.push(processingSection(processing));
if (search.length > 0) sections.push(searchSection(search));
if (ask.length > 0) sections.push(askSection(ask));
if (meetings) sections.push(meetingsSection(meetings));
if (meetingEffects) sections.push(effectsCpuSection(meetingEffects, effectsSeconds, row));
if (web) sections.push(firstLoadSection(web));
if (pageSpeed) sections.push(pageSpeedSection(pageSpeed));
if (records) sections.push(recordsSection(records, row));
console.info(`\n${sections.join('\n\n')}\n`);
if (memory && (memory.firstStart.exitCode !== 0 || memory.restart.exitCode !== 0)) process.exitCode = 1;
