import { loadRnnoise, RnnoiseWorkletNode } from '@sapphi-red/web-noise-suppressor';
import type { ProcessedTrack } from './track-effects';

// The worklet and the model are bundled with the app and served from this
// site: the CSP lets the page load scripts and fetch files from nowhere else.
const workletUrl = new URL('@sapphi-red/web-noise-suppressor/rnnoiseWorklet.js', import.meta.url);
const wasmUrl = new URL('@sapphi-red/web-noise-suppressor/rnnoise.wasm', import.meta.url);
const simdWasmUrl = new URL('@sapphi-red/web-noise-suppressor/rnnoise_simd.wasm', import.meta.url);

/** RNNoise works on 48 kHz audio, so the context runs at that rate whatever the microphone's. */
const SAMPLE_RATE = 48_000;

/**
 * The microphone with background noise removed: the track goes through
 * RNNoise in an AudioWorklet and comes out as a new track to send.
 */
export async function suppressNoise(source: MediaStreamTrack): Promise<ProcessedTrack> {
  const context = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'interactive' });
  try {
    const [wasmBinary] = await Promise.all([
      loadRnnoise({ url: wasmUrl.href, simdUrl: simdWasmUrl.href }),
      context.audioWorklet.addModule(workletUrl.href),
    ]);
    const input = context.createMediaStreamSource(new MediaStream([source]));
    const rnnoise = new RnnoiseWorkletNode(context, { maxChannels: 1, wasmBinary });
    const output = context.createMediaStreamDestination();
    input.connect(rnnoise).connect(output);
    const track = output.stream.getAudioTracks()[0];
    if (!track) throw new Error('The audio context made no track');
    // A context made without a click on the page (a reload that rejoins) stays silent until the next one.
    const resume = () => void context.resume();
    if (context.state === 'suspended') document.addEventListener('pointerdown', resume, { once: true });
    return {
      track,
      dispose() {
        document.removeEventListener('pointerdown', resume);
        track.stop();
        input.disconnect();
        rnnoise.disconnect();
        rnnoise.destroy();
        void context.close();
      },
    };
  } catch (error) {
    void context.close();
    throw error;
  }
}
