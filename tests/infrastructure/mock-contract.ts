import { expect } from 'vitest';
import type { z } from 'zod';
import { apiErrorSchema, errorCodes } from '@/lib/contract/envelope';
import { setAuthToken, setHubHandle } from '@/client/http/clients';
import { mockDb } from '@/mocks/node';
import { MOCK_DEMO_HUB } from '@/mocks/state';
import { demoHub } from '../components/spaces/fixtures';

/*
 * Checks that the mock API answers with the contract's shapes, calling it
 * through the app's own API functions as a person of the demo hub.
 */

/** Calls the mock as the demo owner (or `userId`) inside the demo hub. */
export function as(userId = demoHub().owner.id) {
  setAuthToken(mockDb.createSession(userId));
  setHubHandle(MOCK_DEMO_HUB.domainHandle);
}

/** Parses `body` with `schema`, failing the test with zod's issues when it does not fit. */
export function follows<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data as z.output<S>;
}

/** The failure's status, code and message, after checking it has the API's error shape. */
export async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => expect.unreachable('the call should fail'),
    (e: { response: { status: number; data: unknown } }) => e.response,
  );
  const body = follows(apiErrorSchema, error.data);
  expect(errorCodes).toContain(body.code);
  return { status: error.status, code: body.code, message: body.message };
}
