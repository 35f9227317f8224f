import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_FAILED_MESSAGE } from '@/lib/constants';

const load = vi.fn();
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: { load } }));

afterEach(() => {
  vi.resetModules();
  load.mockReset();
});

describe('getVisitorId', () => {
  it('returns the library visitor id, without the third-party monitoring request', async () => {
    load.mockResolvedValue({ get: async () => ({ visitorId: 'abc123' }) });
    const { getVisitorId } = await import('@/lib/fingerprint');
    await expect(getVisitorId()).resolves.toBe('abc123');
    expect(load).toHaveBeenCalledWith({ monitoring: false });
  });

  it('computes the id once per page load', async () => {
    load.mockResolvedValue({ get: async () => ({ visitorId: 'abc123' }) });
    const { getVisitorId } = await import('@/lib/fingerprint');
    await getVisitorId();
    await getVisitorId();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('logs the spec message and returns null when fingerprinting fails, then retries later', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    load.mockRejectedValueOnce(new Error('audio and canvas unavailable'));
    const { getVisitorId } = await import('@/lib/fingerprint');
    await expect(getVisitorId()).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(FINGERPRINT_FAILED_MESSAGE, expect.any(Error));

    load.mockResolvedValue({ get: async () => ({ visitorId: 'second-try' }) });
    await expect(getVisitorId()).resolves.toBe('second-try');
  });
});
