import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { connectDatabase } from '@/server/db/connect';
import { inMemoryMailer, type MailMessage } from '@/server/mail/mailer';
import { createLocalDiskStorage } from '../server/storage/local-disk-storage';
import { callApi } from '../e2e/support/api-people';
import { benchConfig } from './serve-api';

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
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const base = `${origin}/api/v1/`;

  const email = 'ada@bench.test';
  const registered = await callApi(origin, 'POST auth/register/', { body: { name: 'Ada Lovelace', email, password: 'Bench#Passw0rd' } });
  const code = /\b(\d{6})\b/.exec(inbox.find((m) => m.to === email)?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code was mailed');
  const { data } = await callApi(origin, 'POST auth/register/verify/', { body: { email, code, registration: registered.data.registration } });
  const { token } = data;
  const settings = await callApi(origin, 'GET core/basic-settings/', { token });
  const role = settings.data.profile_roles[0]?.value;
  if (!role) throw new Error('the server offers no profile roles to choose from');
  await callApi(origin, 'PATCH auth/profile/', { token, body: { name: 'Ada Lovelace', role } });
  await callApi(origin, 'POST organizations/', {
    token, body: { name: 'Bench Hub', domain_handle: 'bench-hub', visibility: 'public', email_domain: 'bench.test' },
  });
  const me = await callApi(origin, 'GET auth/me/', { token });

  return {
    url: `${base}auth/me/`,
    token,
    /** The auth/me body, for the baseline to answer with. */
    me,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
