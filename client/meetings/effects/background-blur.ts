import type { Options, SelfieSegmentation } from '@mediapipe/selfie_segmentation';
import type { ProcessedTrack } from './track-effects';

// MediaPipe's solution is a plain browser script that loads its WebAssembly
// and model by file name (locateFile). Each file is bundled with the app and
// served from this site, as the CSP allows no other origin.
const solutionUrl = new URL('@mediapipe/selfie_segmentation/selfie_segmentation.js', import.meta.url);
const solutionFiles: Record<string, URL> = {
  'selfie_segmentation.binarypb': new URL('@mediapipe/selfie_segmentation/selfie_segmentation.binarypb', import.meta.url),
  'selfie_segmentation_landscape.tflite': new URL('@mediapipe/selfie_segmentation/selfie_segmentation_landscape.tflite', import.meta.url),
  'selfie_segmentation_solution_simd_wasm_bin.js': new URL('@mediapipe/selfie_segmentation/selfie_segmentation_solution_simd_wasm_bin.js', import.meta.url),
  'selfie_segmentation_solution_simd_wasm_bin.wasm': new URL('@mediapipe/selfie_segmentation/selfie_segmentation_solution_simd_wasm_bin.wasm', import.meta.url),
  'selfie_segmentation_solution_wasm_bin.js': new URL('@mediapipe/selfie_segmentation/selfie_segmentation_solution_wasm_bin.js', import.meta.url),
  'selfie_segmentation_solution_wasm_bin.wasm': new URL('@mediapipe/selfie_segmentation/selfie_segmentation_solution_wasm_bin.wasm', import.meta.url),
};

/**
 * The landscape model (256×144) suits a camera picture and costs less than
 * the square one. Its inference runs in WebAssembly (XNNPACK) rather than
 * WebGL: steadier across graphics drivers, and several times cheaper where
 * WebGL itself is drawn by the CPU (no GPU, or a blocked one). The solution
 * accepts the option; its type declarations leave it out.
 */
const segmenterOptions: Options & { useCpuInference: boolean } = { modelSelection: 1, useCpuInference: true };
const DEFAULT_FRAME_RATE = 30;
/** The landscape model's input: the frame is shrunk to it before it is sent, so MediaPipe's WebGL work stays small. */
const MASK_WIDTH = 256;
const MASK_HEIGHT = 144;
/**
 * A new mask every few frames is enough for a person in a call; each camera
 * frame is still drawn, over the last mask.
 */
const SEGMENT_EVERY = 3;
/**
 * The background is blurred at a quarter of the picture's size and scaled
 * back up: it looks like a 12 px blur at full size and costs a fraction of it
 * where the canvas is drawn by the CPU.
 */
const BACKGROUND_SCALE = 4;
const BACKGROUND_BLUR = 'blur(3px)';

type SegmenterClass = typeof SelfieSegmentation;

let solution: Promise<SegmenterClass> | null = null;

/** Adds MediaPipe's script to the page once; it defines `SelfieSegmentation` on the window. */
function loadSolution(): Promise<SegmenterClass> {
  solution ??= new Promise<SegmenterClass>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = solutionUrl.href;
    script.addEventListener('load', () => {
      const loaded = (window as { SelfieSegmentation?: SegmenterClass }).SelfieSegmentation;
      if (loaded) resolve(loaded);
      else reject(new Error('MediaPipe did not define SelfieSegmentation'));
    });
    script.addEventListener('error', () => reject(new Error('MediaPipe could not be loaded')));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    solution = null;
    throw error;
  });
  return solution;
}

/**
 * Calls `tick` `fps` times a second. A hidden tab runs its timers once a
 * second at most, a worker's keep their rate, so the picture sent does not
 * drop to one frame a second when the person looks at another tab.
 */
function startTicker(fps: number, tick: () => void): () => void {
  const interval = Math.round(1000 / fps);
  try {
    const url = URL.createObjectURL(new Blob([`setInterval(() => postMessage(0), ${interval});`], { type: 'text/javascript' }));
    const worker = new Worker(url);
    URL.revokeObjectURL(url);
    worker.onmessage = tick;
    return () => worker.terminate();
  } catch {
    const timer = setInterval(tick, interval);
    return () => clearInterval(timer);
  }
}

function context2d(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return context;
}

/**
 * Person sharp, background blurred, on 2D canvases only: the mask keeps the
 * person of the camera frame, the blurred small copy goes behind.
 */
function composite(output: CanvasRenderingContext2D, mask: HTMLCanvasElement, background: CanvasRenderingContext2D, video: HTMLVideoElement): void {
  const { width, height } = output.canvas;
  background.drawImage(video, 0, 0, background.canvas.width, background.canvas.height);
  output.globalCompositeOperation = 'copy';
  output.drawImage(mask, 0, 0, width, height);
  output.globalCompositeOperation = 'source-in';
  output.drawImage(video, 0, 0, width, height);
  output.globalCompositeOperation = 'destination-over';
  output.drawImage(background.canvas, 0, 0, width, height);
}

/**
 * The camera with its background blurred: every few frames a small copy goes
 * through MediaPipe's selfie segmentation; every frame is drawn over the last
 * mask on a canvas whose stream, at the camera's frame rate, is the track to send.
 */
export async function blurBackground(source: MediaStreamTrack): Promise<ProcessedTrack> {
  const Segmenter = await loadSolution();
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([source]);
  const segmenter = new Segmenter({ locateFile: (file) => solutionFiles[file]?.href ?? file });
  let stopTicker: (() => void) | null = null;
  let track: MediaStreamTrack | null = null;
  const dispose = () => {
    stopTicker?.();
    track?.stop();
    video.srcObject = null;
    void segmenter.close();
  };
  try {
    await video.play();
    const width = video.videoWidth || (source.getSettings().width ?? 640);
    const height = video.videoHeight || (source.getSettings().height ?? 360);
    const output = context2d(width, height);
    const input = context2d(MASK_WIDTH, MASK_HEIGHT);
    // MediaPipe hands its mask over on its own WebGL canvas, redrawn at the next frame: it is copied out to keep.
    const mask = context2d(MASK_WIDTH, MASK_HEIGHT);
    mask.globalCompositeOperation = 'copy';
    const background = context2d(Math.ceil(width / BACKGROUND_SCALE), Math.ceil(height / BACKGROUND_SCALE));
    background.filter = BACKGROUND_BLUR;
    segmenter.setOptions(segmenterOptions);
    segmenter.onResults(({ segmentationMask }) => mask.drawImage(segmentationMask, 0, 0, MASK_WIDTH, MASK_HEIGHT));
    await segmenter.initialize();
    const segment = () => {
      input.drawImage(video, 0, 0, MASK_WIDTH, MASK_HEIGHT);
      return segmenter.send({ image: input.canvas });
    };
    // The first picture is drawn before the track is handed out, so it never starts black.
    await segment();
    composite(output, mask.canvas, background, video);
    const frameRate = source.getSettings().frameRate ?? DEFAULT_FRAME_RATE;
    track = output.canvas.captureStream(frameRate).getVideoTracks()[0] ?? null;
    if (!track) throw new Error('The canvas made no track');
    const interval = 1000 / frameRate;
    let frame = 0;
    let lastDrawn = 0;
    let busy = false;
    let restUntil = 0;
    stopTicker = startTicker(frameRate, () => {
      const now = performance.now();
      // Ticks that queued up while the page was busy are one frame, not several.
      if (now - lastDrawn < interval / 2 || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      lastDrawn = now;
      composite(output, mask.canvas, background, video);
      frame += 1;
      // A slow machine segments less often rather than queueing frames, and rests as long as the last
      // segmentation took: at most half of the page's time goes to it, so the page stays responsive.
      if (busy || frame % SEGMENT_EVERY !== 0 || now < restUntil) return;
      busy = true;
      segment().then(
        () => {
          busy = false;
          restUntil = 2 * performance.now() - now;
        },
        (error: unknown) => {
          busy = false;
          console.warn('Background blur skipped a mask', error);
        },
      );
    });
    return { track, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
