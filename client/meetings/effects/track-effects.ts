import type { EffectName, EffectSettings } from './effect-settings';

/** A track made from a camera or microphone track; dispose stops it and frees what it holds, never its source. */
export interface ProcessedTrack {
  track: MediaStreamTrack;
  dispose(): void;
}

/** Makes the processed track of one effect from a source track. */
export type Processor = (source: MediaStreamTrack) => Promise<ProcessedTrack>;

/** Loads an effect's code (and through it its model files) only when the effect is first switched on. */
export type LoadProcessor = (effect: EffectName) => Promise<Processor>;

const loadProcessor: LoadProcessor = async (effect) =>
  effect === 'noiseSuppression'
    ? (await import('./noise-suppression')).suppressNoise
    : (await import('./background-blur')).blurBackground;

/** The kind of track each effect works on. */
export const effectKind: Record<EffectName, 'audio' | 'video'> = { noiseSuppression: 'audio', blur: 'video' };

const effectOf = (kind: string): EffectName | null =>
  kind === 'audio' ? 'noiseSuppression' : kind === 'video' ? 'blur' : null;

const unsupportedMessages: Record<EffectName, string> = {
  noiseSuppression: 'Noise suppression is not available in this browser.',
  blur: 'Background blur is not available in this browser.',
};

const failedMessages: Record<EffectName, string> = {
  noiseSuppression: 'Noise suppression could not be started. Your microphone is sent as it is.',
  blur: 'Background blur could not be started. Your camera is sent as it is.',
};

/** An effect that cannot run here (`unsupported`) or did not start (`failed`); the message says so in words. */
export class EffectError extends Error {
  constructor(
    readonly effect: EffectName,
    readonly reason: 'unsupported' | 'failed',
    cause?: unknown,
  ) {
    super(reason === 'unsupported' ? unsupportedMessages[effect] : failedMessages[effect], { cause });
    this.name = 'EffectError';
  }
}

let webGlAvailable: boolean | null = null;

/** MediaPipe's segmentation draws with WebGL; a browser without it (or with it switched off) cannot blur. */
function hasWebGl(): boolean {
  if (webGlAvailable === null) {
    try {
      const canvas = document.createElement('canvas');
      webGlAvailable = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webGlAvailable = false;
    }
  }
  return webGlAvailable;
}

/** Whether this browser has what an effect needs, checked without loading it. */
export function effectSupported(effect: EffectName): boolean {
  if (typeof window === 'undefined' || typeof WebAssembly !== 'object') return false;
  if (effect === 'noiseSuppression') {
    return typeof AudioContext === 'function' && typeof AudioWorkletNode === 'function' && typeof MediaStream === 'function';
  }
  return typeof HTMLCanvasElement === 'function'
    && typeof HTMLCanvasElement.prototype.captureStream === 'function'
    && hasWebGl();
}

/** Runs `effect` on `source`. Throws EffectError when the browser cannot, or the effect does not start. */
export async function applyEffect(effect: EffectName, source: MediaStreamTrack, load: LoadProcessor = loadProcessor): Promise<ProcessedTrack> {
  if (!effectSupported(effect)) throw new EffectError(effect, 'unsupported');
  try {
    const processor = await load(effect);
    return await processor(source);
  } catch (error) {
    throw new EffectError(effect, 'failed', error);
  }
}

/**
 * The effects on one person's outgoing tracks: which camera or microphone
 * track each sent track is made from, so switching an effect swaps only the
 * sent track and stopping a sent track releases the device too.
 */
export class TrackEffects {
  private readonly processed = new Map<MediaStreamTrack, { source: MediaStreamTrack; dispose(): void }>();
  private current: EffectSettings;

  constructor(
    settings: EffectSettings,
    private readonly apply: typeof applyEffect = applyEffect,
  ) {
    this.current = { ...settings };
  }

  get settings(): EffectSettings {
    return { ...this.current };
  }

  /**
   * The track to send for a new camera or microphone track: processed when
   * its effect is on. An effect that cannot run is switched off and the
   * source is sent as it is, with the reason in `problem`.
   */
  async process(source: MediaStreamTrack): Promise<{ track: MediaStreamTrack; problem: EffectError | null }> {
    const effect = effectOf(source.kind);
    if (!effect || !this.current[effect]) return { track: source, problem: null };
    try {
      return { track: this.remember(source, await this.apply(effect, source)), problem: null };
    } catch (error) {
      this.current[effect] = false;
      return { track: source, problem: error instanceof EffectError ? error : new EffectError(effect, 'failed', error) };
    }
  }

  /**
   * Switches `effect` for the sent track `sent` (null: nothing of that kind
   * is sent now, so only the setting changes). Returns the track to send
   * instead; the old one keeps running until `release` so the swap has no gap.
   * Throws EffectError, leaving the setting as it was.
   */
  async toggle(effect: EffectName, on: boolean, sent: MediaStreamTrack | null): Promise<MediaStreamTrack | null> {
    if (!sent || this.current[effect] === on) {
      if (on && !effectSupported(effect)) throw new EffectError(effect, 'unsupported');
      this.current[effect] = on;
      return sent;
    }
    const source = this.sourceOf(sent);
    const next = on ? this.remember(source, await this.apply(effect, source)) : source;
    this.current[effect] = on;
    return next;
  }

  /** The camera or microphone track a sent track is made from (itself when no effect made it). */
  sourceOf(track: MediaStreamTrack): MediaStreamTrack {
    return this.processed.get(track)?.source ?? track;
  }

  /** Stops a sent track that was replaced by another made from the same source; the source keeps running. */
  release(sent: MediaStreamTrack): void {
    const entry = this.processed.get(sent);
    if (!entry) return;
    this.processed.delete(sent);
    entry.dispose();
  }

  /** Stops a sent track and the camera or microphone it comes from. */
  stop(sent: MediaStreamTrack): void {
    const source = this.sourceOf(sent);
    this.release(sent);
    sent.stop();
    source.stop();
  }

  /** Stops every processed track and its source. */
  stopAll(): void {
    for (const sent of [...this.processed.keys()]) this.stop(sent);
  }

  private remember(source: MediaStreamTrack, result: ProcessedTrack): MediaStreamTrack {
    this.processed.set(result.track, { source, dispose: result.dispose });
    return result.track;
  }
}
