import { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { allEndpoints, endpointKey } from '@/lib/contract/endpoints';
import { server } from '@/mocks/node';

describe('the mock API', () => {
  it('answers every endpoint of the contract at its method and path', () => {
    const answered = new Set(
      server.listHandlers()
        .filter((handler): handler is HttpHandler => handler instanceof HttpHandler)
        .map((handler) => `${String(handler.info.method)} ${String(handler.info.path).replace('*/api/v1/', '')}`),
    );
    expect(allEndpoints.map(endpointKey).filter((key) => !answered.has(key))).toEqual([]);
  });
});
