import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputMap, Options, ResultsListener } from '@mediapipe/selfie_segmentation';

interface Draw {
  /** The canvas drawn on, as `width×height`. */
  on: string;
  /** What was drawn: `video`, or the canvas drawn from as `width×height`. */
  from: string;
  operation: string;
  filter: string;
}

const draws: Draw[] = [];
const contextKinds: string[] = [];
const sizeOf = (canvas: HTMLCanvasElement) => `${canvas.width}×${canvas.height}`;

/** The parts of a 2D context the blur uses, recording each drawImage. */
function recordingContext(canvas: HTMLCanvasElement) {
  return {
    canvas,
    globalCompositeOperation: 'source-over',
    filter: 'none',
    drawImage(source: CanvasImageSource) {
      draws.push({
        on: sizeOf(canvas),
        from: source instanceof HTMLVideoElement ? 'video' : sizeOf(source as HTMLCanvasElement),
        operation: this.globalCompositeOperation,
        filter: this.filter,
      });
    },
  };
}

/** MediaPipe's solution: answers each frame with a mask on a canvas of the frame's size. */
class FakeSegmenter {
  static instances: FakeSegmenter[] = [];
  readonly sent: HTMLCanvasElement[] = [];
  options: Options = {};
  closed = false;
  private listener: ResultsListener = () => undefined;
  constructor() {
    FakeSegmenter.instances.push(this);
  }
  setOptions(options: Options) {
    this.options = options;
  }
  onResults(listener: ResultsListener) {
    this.listener = listener;
  }
  async initialize() {}
  async send({ image }: InputMap) {
    const frame = image as HTMLCanvasElement;
    this.sent.push(frame);
    const mask = document.createElement('canvas');
    mask.width = frame.width;
    mask.height = frame.height;
    await this.listener({ image: frame, segmentationMask: mask });
  }
  async close() {
    this.closed = true;
  }
}

class FakeTrack {
  readonly kind = 'video';
  stopped = false;
  stop() {
    this.stopped = true;
  }
  getSettings() {
    return { width: 640, height: 480, frameRate: 30 };
  }
}

class FakeMediaStream {
  constructor(private readonly tracks: FakeTrack[] = []) {}
  getVideoTracks() {
    return this.tracks;
  }
}

const canvasTrack = new FakeTrack();

beforeEach(() => {
  draws.length = 0;
  contextKinds.length = 0;
  FakeSegmenter.instances = [];
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
  vi.stubGlobal('MediaStream', FakeMediaStream);
  (window as { SelfieSegmentation?: unknown }).SelfieSegmentation = FakeSegmenter;
  // The solution's script "loads" as soon as it is added to the page.
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    append(node);
    queueMicrotask(() => node.dispatchEvent(new Event('load')));
    return node;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function getContext(this: HTMLCanvasElement, kind: string) {
    contextKinds.push(kind);
    return kind === '2d' ? recordingContext(this) : null;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  Object.defineProperty(HTMLCanvasElement.prototype, 'captureStream', { configurable: true, value: () => new FakeMediaStream([canvasTrack]) });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLCanvasElement.prototype, 'captureStream');
  Reflect.deleteProperty(window, 'SelfieSegmentation');
});

const { blurBackground } = await import('@/client/meetings/effects/background-blur');

describe('background blur', () => {
  it('segments a small copy every third frame, draws every frame on 2D canvases, blurs a quarter-size background, and stops on dispose', async () => {
    const camera = new FakeTrack() as unknown as MediaStreamTrack;
    const { track, dispose } = await blurBackground(camera);
    expect(track).toBe(canvasTrack);
    const [segmenter] = FakeSegmenter.instances;
    expect(segmenter!.options).toMatchObject({ modelSelection: 1 });
    // The frame sent to the model is its own landscape input size, not the camera's.
    expect(segmenter!.sent.map(sizeOf)).toEqual(['256×144']);
    // Drawn before the track is handed out: mask, person over it, blurred background behind.
    const frame = (outputDraws: Draw[]) => outputDraws.map(({ from, operation }) => `${operation} ${from}`);
    const onOutput = () => draws.filter((draw) => draw.on === '640×480');
    expect(frame(onOutput())).toEqual(['copy 256×144', 'source-in video', 'destination-over 160×120']);
    expect(draws.filter((draw) => draw.on === '160×120')).toEqual([{ on: '160×120', from: 'video', operation: 'source-over', filter: 'blur(3px)' }]);

    draws.length = 0;
    await vi.advanceTimersByTimeAsync(9 * 33 + 10);
    expect(onOutput().filter((draw) => draw.operation === 'copy')).toHaveLength(9);
    expect(segmenter!.sent).toHaveLength(1 + 3);
    expect(contextKinds.every((kind) => kind === '2d')).toBe(true);

    dispose();
    expect(canvasTrack.stopped).toBe(true);
    expect(segmenter!.closed).toBe(true);
    draws.length = 0;
    await vi.advanceTimersByTimeAsync(1000);
    expect(draws).toEqual([]);
  });
});
