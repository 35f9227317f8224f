import { delay, http, type HttpHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB, MOCK_VERIFICATION_CODE, MockDb, type MockData } from './state';

const STORAGE_KEY = 'convene:mock-api';

function load(): MockData | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as MockData) : undefined;
  } catch {
    return undefined;
  }
}

function persist(data: MockData): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(data));
  } catch (error) {
    console.warn('[mock API] could not keep the mock data', error);
  }
}

/** A short, realistic wait so loading states show; answers nothing, so the real handler runs next. */
const latency: HttpHandler = http.all('*/api/v1/*', async () => {
  await delay(250);
});

/**
 * Starts the browser mock of the API (`npm run dev:mock`). Its data is kept
 * in localStorage, so a reload keeps the accounts and the session cookie
 * stays valid; clear the key to start over.
 */
export async function startMockWorker(): Promise<void> {
  const db = new MockDb(load(), persist);
  const worker = setupWorker(latency, ...createHandlers(db));
  worker.events.on('response:mocked', () => db.save());
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  console.info(
    `[mock API] running in the browser. Verification codes are always ${MOCK_VERIFICATION_CODE}. ` +
      `Demo account: ${MOCK_DEMO_ACCOUNT.email} / ${MOCK_DEMO_ACCOUNT.password}. ` +
      `New @${MOCK_DEMO_HUB.emailDomain} accounts are offered the hub "${MOCK_DEMO_HUB.name}". ` +
      `Reset the mock data with localStorage.removeItem('${STORAGE_KEY}').`,
  );
}
