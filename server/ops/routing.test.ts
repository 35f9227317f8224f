import { describe, expect, it } from 'vitest';
import { isApiPath } from '../main';

// One port serves the API and the web app: the proxy's and Prometheus's paths must reach the API.
describe('which requests the API serves', () => {
  it('takes the health and metrics paths at the root, with or without a slash or a query', () => {
    for (const url of ['/health/live', '/health/ready', '/health/ready/', '/health/ready?probe=1', '/metrics', '/metrics/']) {
      expect(isApiPath(url)).toBe(true);
    }
  });

  it('still takes everything under /api/v1 and leaves the rest to the web app', () => {
    expect(isApiPath('/api/v1/health/')).toBe(true);
    expect(isApiPath('/api/v1')).toBe(true);
    for (const url of ['/', '/health', '/health/other', '/metricsx', '/spaces/health/ready', '/api/v2/x']) {
      expect(isApiPath(url)).toBe(false);
    }
  });
});
