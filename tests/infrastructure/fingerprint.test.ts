import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_FAILED_MESSAGE } from '@/lib/constants';

// The module itself, not the stand-in tests/setup.ts gives every other file.
vi.unmock('@/client/fingerprint');

/** A 2D context that draws nothing: enough for the canvas method to read an image back. */
function fakeContext(): Partial<CanvasRenderingContext2D> {
  const noop = () => undefined;
  return {
    rect: noop, isPointInPath: () => false, fillRect: noop, fillText: noop, beginPath: noop, arc: noop,
    closePath: noop, fill: noop, measureText: () => ({ width: 10 }) as TextMetrics,
  };
}

let image = 'data:image/png;base64,first';

function giveCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => fakeContext()) as unknown as HTMLCanvasElement['getContext']);
  return vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => image);
}

beforeEach(() => {
  image = 'data:image/png;base64,first';
  // The test browser draws nothing on a canvas, as a browser without canvas support.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('getVisitorId', () => {
  it('logs the spec message and returns null when neither audio nor canvas output can be read', async () => {
    // The test browser has no off-screen audio either.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { getVisitorId } = await import('@/client/fingerprint');
    await expect(getVisitorId()).resolves.toBeNull();
    expect(error).toHaveBeenCalledWith(FINGERPRINT_FAILED_MESSAGE, expect.any(Error));
  });

  it('is made from the canvas output when audio is unavailable, once per page load, and retried after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { getVisitorId } = await import('@/client/fingerprint');
    await expect(getVisitorId()).resolves.toBeNull();

    const drawn = giveCanvas();
    const id = await getVisitorId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const reads = drawn.mock.calls.length;
    await expect(getVisitorId()).resolves.toBe(id);
    expect(drawn.mock.calls.length).toBe(reads);
  });

  it('depends on the audio and canvas output only, not on language, screen or other browser facts', async () => {
    giveCanvas();
    const first = await (await import('@/client/fingerprint')).getVisitorId();

    vi.resetModules();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    vi.spyOn(navigator, 'hardwareConcurrency', 'get').mockReturnValue(64);
    vi.spyOn(screen, 'width', 'get').mockReturnValue(123);
    await expect((await import('@/client/fingerprint')).getVisitorId()).resolves.toBe(first);

    vi.resetModules();
    image = 'data:image/png;base64,another-browser';
    await expect((await import('@/client/fingerprint')).getVisitorId()).resolves.not.toBe(first);
  });
});
