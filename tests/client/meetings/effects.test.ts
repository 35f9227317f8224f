import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EFFECTS_KEY, readEffectSettings, saveEffectSettings } from '@/client/meetings/effects/effect-settings';
import { applyEffect, effectSupported, EffectError, TrackEffects, type ProcessedTrack } from '@/client/meetings/effects/track-effects';
import { MeetingSession } from '@/client/meetings/meeting-session';
import { createFakeSocket } from './fake-socket';

/** A camera or microphone track, or one an effect made, recording whether it was stopped. */
class FakeTrack {
  enabled = true;
  stopped = false;
  constructor(
    readonly kind: 'audio' | 'video',
    readonly label: string,
  ) {}
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return {};
  }
}

const track = (kind: 'audio' | 'video', label: string) => new FakeTrack(kind, label) as unknown as MediaStreamTrack & FakeTrack;

/** What jsdom lacks of MediaStream: a list of tracks. */
class FakeMediaStream {
  private tracks: MediaStreamTrack[];
  constructor(tracks: MediaStreamTrack[] = []) {
    this.tracks = [...tracks];
  }
  addTrack(t: MediaStreamTrack) {
    this.tracks.push(t);
  }
  removeTrack(t: MediaStreamTrack) {
    this.tracks = this.tracks.filter((other) => other !== t);
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
}

/** An effect that makes `<kind> processed` tracks and remembers which it disposed. */
function fakeEffect() {
  const disposed: MediaStreamTrack[] = [];
  const apply = vi.fn(async (_effect: string, source: MediaStreamTrack): Promise<ProcessedTrack> => {
    const made = track(source.kind as 'audio' | 'video', `${source.kind} processed`);
    return { track: made, dispose: () => disposed.push(made) };
  });
  return { apply: apply as unknown as typeof applyEffect, calls: apply, disposed };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('effect settings', () => {
  it('are off until chosen, then kept in this browser', () => {
    expect(readEffectSettings()).toEqual({ noiseSuppression: false, blur: false });
    saveEffectSettings({ noiseSuppression: true, blur: false });
    expect(JSON.parse(window.localStorage.getItem(EFFECTS_KEY)!)).toEqual({ noiseSuppression: true, blur: false });
    expect(readEffectSettings()).toEqual({ noiseSuppression: true, blur: false });
  });

  it('read anything unexpected in storage as off', () => {
    window.localStorage.setItem(EFFECTS_KEY, '{not json');
    expect(readEffectSettings()).toEqual({ noiseSuppression: false, blur: false });
    window.localStorage.setItem(EFFECTS_KEY, JSON.stringify({ noiseSuppression: 'yes', blur: 1 }));
    expect(readEffectSettings()).toEqual({ noiseSuppression: false, blur: false });
  });
});

describe('effect support', () => {
  it('needs AudioWorklet and WebAssembly for noise suppression', () => {
    // jsdom has neither AudioContext nor AudioWorkletNode.
    expect(effectSupported('noiseSuppression')).toBe(false);
    vi.stubGlobal('AudioContext', class {});
    vi.stubGlobal('AudioWorkletNode', class {});
    vi.stubGlobal('MediaStream', FakeMediaStream);
    expect(effectSupported('noiseSuppression')).toBe(true);
    vi.stubGlobal('WebAssembly', undefined);
    expect(effectSupported('noiseSuppression')).toBe(false);
  });

  it('needs a canvas stream and WebGL for the blur', () => {
    // jsdom's canvas has no captureStream.
    expect(effectSupported('blur')).toBe(false);
    Object.defineProperty(HTMLCanvasElement.prototype, 'captureStream', { configurable: true, value: () => new FakeMediaStream() });
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(((kind: string) => (kind === 'webgl2' ? {} : null)) as typeof HTMLCanvasElement.prototype.getContext);
    try {
      expect(effectSupported('blur')).toBe(true);
      vi.stubGlobal('WebAssembly', undefined);
      expect(effectSupported('blur')).toBe(false);
    } finally {
      getContext.mockRestore();
      Reflect.deleteProperty(HTMLCanvasElement.prototype, 'captureStream');
    }
  });

  it('refuses an unsupported effect without loading its code, and wraps a start that fails', async () => {
    const load = vi.fn();
    const unsupported = await applyEffect('noiseSuppression', track('audio', 'mic'), load).catch((error: unknown) => error);
    expect(unsupported).toBeInstanceOf(EffectError);
    expect(unsupported).toMatchObject({ reason: 'unsupported', message: 'Noise suppression is not available in this browser.' });
    expect(load).not.toHaveBeenCalled();

    vi.stubGlobal('AudioContext', class {});
    vi.stubGlobal('AudioWorkletNode', class {});
    vi.stubGlobal('MediaStream', FakeMediaStream);
    const cause = new Error('worklet would not load');
    const failed = await applyEffect('noiseSuppression', track('audio', 'mic'), async () => {
      throw cause;
    }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ reason: 'failed', cause, message: 'Noise suppression could not be started. Your microphone is sent as it is.' });
  });
});

describe('track effects', () => {
  it('send the source as it is while the effect is off, and the processed track while it is on', async () => {
    const { apply, calls } = fakeEffect();
    const camera = track('video', 'camera');
    const off = new TrackEffects({ noiseSuppression: false, blur: false }, apply);
    expect(await off.process(camera)).toEqual({ track: camera, problem: null });
    expect(calls).not.toHaveBeenCalled();

    const on = new TrackEffects({ noiseSuppression: false, blur: true }, apply);
    const { track: sent } = await on.process(camera);
    expect(sent.label).toBe('video processed');
    expect(on.sourceOf(sent)).toBe(camera);
  });

  it('fall back to the source, switched off with the reason, when the effect cannot run', async () => {
    const effects = new TrackEffects({ noiseSuppression: true, blur: false }, async () => {
      throw new EffectError('noiseSuppression', 'unsupported');
    });
    const mic = track('audio', 'mic');
    const { track: sent, problem } = await effects.process(mic);
    expect(sent).toBe(mic);
    expect(problem?.message).toBe('Noise suppression is not available in this browser.');
    expect(effects.settings).toEqual({ noiseSuppression: false, blur: false });
  });

  it('swap the sent track on toggle without stopping the camera, and stop both when the track stops', async () => {
    const { apply, disposed } = fakeEffect();
    const effects = new TrackEffects({ noiseSuppression: false, blur: false }, apply);
    const camera = track('video', 'camera');

    const blurred = await effects.toggle('blur', true, camera);
    expect(blurred?.label).toBe('video processed');
    expect(effects.settings.blur).toBe(true);
    effects.release(camera);
    expect(camera.stopped).toBe(false);

    const plain = await effects.toggle('blur', false, blurred);
    expect(plain).toBe(camera);
    effects.release(blurred!);
    expect(disposed).toEqual([blurred]);
    expect(camera.stopped).toBe(false);

    const again = (await effects.toggle('blur', true, camera))!;
    effects.stop(again);
    expect(disposed).toEqual([blurred, again]);
    expect(camera.stopped).toBe(true);
  });

  it('keep the setting as it was when switching on fails', async () => {
    const effects = new TrackEffects({ noiseSuppression: false, blur: false }, async () => {
      throw new EffectError('blur', 'failed');
    });
    await expect(effects.toggle('blur', true, track('video', 'camera'))).rejects.toBeInstanceOf(EffectError);
    expect(effects.settings.blur).toBe(false);
  });
});

describe('a meeting session with effects', () => {
  beforeEach(() => {
    vi.stubGlobal('MediaStream', FakeMediaStream);
  });

  const start = async (effects: { noiseSuppression: boolean; blur: boolean }, apply: typeof applyEffect) => {
    const camera = track('video', 'camera');
    const mic = track('audio', 'mic');
    const session = new MeetingSession('abc-defg-hij', { audio: true, video: true, effects }, {
      createSocket: createFakeSocket,
      openMedia: async () => new FakeMediaStream([camera, mic]) as unknown as MediaStream,
      applyEffect: apply,
    });
    await session.start();
    return { session, camera, mic, labels: () => session.getSnapshot().local!.getTracks().map((t) => t.label).sort() };
  };

  it('sends the processed tracks from the start, and swaps back to the camera when the blur is switched off', async () => {
    const { apply, disposed } = fakeEffect();
    const { session, camera, labels } = await start({ noiseSuppression: true, blur: true }, apply);
    expect(labels()).toEqual(['audio processed', 'video processed']);
    expect(session.getSnapshot().effects).toEqual({ noiseSuppression: true, blur: true });

    await session.setEffect('blur', false);
    expect(labels()).toEqual(['audio processed', 'camera']);
    expect(disposed.map((t) => t.label)).toEqual(['video processed']);
    expect(camera.stopped).toBe(false);
    expect(session.getSnapshot().effects).toEqual({ noiseSuppression: true, blur: false });
    expect(readEffectSettings()).toEqual({ noiseSuppression: true, blur: false });

    session.leave();
    expect(camera.stopped).toBe(true);
  });

  it('sends the microphone as it is and says why when noise suppression cannot start', async () => {
    const { session, labels } = await start({ noiseSuppression: true, blur: false }, async () => {
      throw new EffectError('noiseSuppression', 'unsupported');
    });
    expect(labels()).toEqual(['camera', 'mic']);
    expect(session.getSnapshot().effects.noiseSuppression).toBe(false);
    expect(session.getSnapshot().notice).toMatchObject({ text: 'Noise suppression is not available in this browser.', tone: 'error' });
    session.leave();
  });
});
