import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { connectDatabase } from '@/server/db/connect';
import { inMemoryMailer, type MailMessage } from '@/server/mail/mailer';
import { createLocalDiskStorage } from '../server/storage/local-disk-storage';
import { benchConfig } from './serve-api';

interface Envelope<T> {
  data: T;
}

/**
 * The real API (production settings, logging off) on the built-in database in
 * a temporary folder, with one person signed up through the endpoints: verified,
 * profile done and owner of a hub. Returns the auth/me address and the token.
 */
export async function startSignedInApi() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convene-bench-'));
  const database = await connectDatabase({ dataDir });
  const inbox: MailMessage[] = [];
  const mailer = inMemoryMailer((message) => inbox.push(message));
  const config = benchConfig(dataDir);
  const app = await buildApp({ config, db: database.db, mailer, storage: await createLocalDiskStorage(config.uploadsDir) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/`;

  async function call<T>(method: string, route: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(base + route, {
      method,
      headers: {
        AppType: 'social',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `JWT ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  const email = 'ada@bench.test';
  const registered = await call<Envelope<{ registration: string }>>('POST', 'auth/register/', { name: 'Ada Lovelace', email, password: 'Bench#Passw0rd' });
  const code = /\b(\d{6})\b/.exec(inbox.find((m) => m.to === email)?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code was mailed');
  const { data } = await call<Envelope<{ token: string }>>('POST', 'auth/register/verify/', { email, code, registration: registered.data.registration });
  const settings = await call<Envelope<{ profile_roles: Array<{ value: string }> }>>('GET', 'core/basic-settings/', undefined, data.token);
  await call('PATCH', 'auth/profile/', { name: 'Ada Lovelace', role: settings.data.profile_roles[0]?.value }, data.token);
  await call(
    'POST', 'organizations/',
    { name: 'Bench Hub', domain_handle: 'bench-hub', visibility: 'public', email_domain: 'bench.test' },
    data.token,
  );
  const me = await call<unknown>('GET', 'auth/me/', undefined, data.token);

  return {
    url: `${base}auth/me/`,
    token: data.token,
    /** The auth/me body, for the baseline to answer with. */
    me,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
