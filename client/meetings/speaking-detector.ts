/** Sampling period: cheap, and fast enough for a speaking outline. */
const SPEAKING_POLL_MS = 200;
/** RMS level of the waveform (0…1) above which someone counts as speaking. */
const SPEAKING_THRESHOLD = 0.02;
/** Speaking stays on this long after the level drops, so the outline does not flicker between words. */
const SPEAKING_HOLD_MS = 600;

interface Watched {
  stream: MediaStream;
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
  buffer: Uint8Array<ArrayBuffer>;
  lastLoud: number;
  speaking: boolean;
}

/**
 * Who is speaking: one analyser per audio stream on a shared AudioContext,
 * sampled every SPEAKING_POLL_MS. Reports the whole map whenever one entry
 * flips.
 */
export class SpeakingDetector {
  private context: AudioContext | null = null;
  private readonly watched = new Map<string, Watched>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly onChange: (speaking: Record<string, boolean>) => void) {}

  /** Starts (or keeps) watching `stream` under `key`; a stream without audio is ignored. */
  watch(key: string, stream: MediaStream | null): void {
    const current = this.watched.get(key);
    const audioTracks = stream?.getAudioTracks() ?? [];
    if (current && current.stream === stream && current.stream.getAudioTracks().length > 0) return;
    if (current) this.unwatch(key);
    if (!stream || audioTracks.length === 0) return;
    const context = this.audioContext();
    if (!context) return;
    try {
      const source = context.createMediaStreamSource(stream);
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      source.connect(analyser);
      this.watched.set(key, {
        stream,
        source,
        analyser,
        buffer: new Uint8Array(new ArrayBuffer(analyser.fftSize)),
        lastLoud: 0,
        speaking: false,
      });
      this.timer ??= setInterval(() => this.sample(), SPEAKING_POLL_MS);
    } catch (error) {
      console.warn('Cannot watch this audio for speaking', error);
    }
  }

  unwatch(key: string): void {
    const entry = this.watched.get(key);
    if (!entry) return;
    entry.source.disconnect();
    this.watched.delete(key);
    if (entry.speaking) this.report();
  }

  /** Keys no longer in `keys` are dropped. */
  retain(keys: Iterable<string>): void {
    const keep = new Set(keys);
    for (const key of [...this.watched.keys()]) if (!keep.has(key)) this.unwatch(key);
  }

  close(): void {
    for (const key of [...this.watched.keys()]) this.unwatch(key);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }

  private audioContext(): AudioContext | null {
    if (this.context) return this.context;
    if (typeof AudioContext === 'undefined') return null;
    this.context = new AudioContext();
    // Created after a click (Join), so resuming is allowed; after a reload it may stay suspended until one.
    void this.context.resume().catch(() => undefined);
    return this.context;
  }

  private sample(): void {
    const now = Date.now();
    let changed = false;
    for (const entry of this.watched.values()) {
      entry.analyser.getByteTimeDomainData(entry.buffer);
      let sum = 0;
      for (const value of entry.buffer) {
        const centred = (value - 128) / 128;
        sum += centred * centred;
      }
      const rms = Math.sqrt(sum / entry.buffer.length);
      const enabled = entry.stream.getAudioTracks().some((t) => t.enabled && t.readyState === 'live');
      if (enabled && rms > SPEAKING_THRESHOLD) entry.lastLoud = now;
      const speaking = enabled && now - entry.lastLoud < SPEAKING_HOLD_MS;
      if (speaking !== entry.speaking) {
        entry.speaking = speaking;
        changed = true;
      }
    }
    if (changed) this.report();
  }

  private report(): void {
    const speaking: Record<string, boolean> = {};
    for (const [key, entry] of this.watched) speaking[key] = entry.speaking;
    this.onChange(speaking);
  }
}
