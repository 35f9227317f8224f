/** Why there is no local camera/microphone: the browser refused, or there is nothing to use. */
export type MediaProblem = 'blocked' | 'no-device' | 'failed';

export const mediaProblemMessages: Record<MediaProblem, string> = {
  blocked:
    'Camera and microphone are blocked. Allow them in the browser’s address bar, or join to listen and watch.',
  'no-device': 'No camera or microphone was found. You can still join to listen and watch.',
  failed: 'The camera or microphone could not be started. You can still join to listen and watch.',
};

function mediaProblemOf(error: unknown): MediaProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'blocked';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-device';
  return 'failed';
}

export class MediaError extends Error {
  constructor(readonly problem: MediaProblem, cause?: unknown) {
    super(mediaProblemMessages[problem], { cause });
    this.name = 'MediaError';
  }
}

export interface DeviceChoice {
  cameraId?: string | null;
  micId?: string | null;
}

const hasMediaDevices = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** Constraints for one kind: the chosen device when there is one (ideal, so a vanished device falls back). */
const constraint = (deviceId?: string | null): MediaTrackConstraints | boolean =>
  deviceId ? { deviceId: { ideal: deviceId } } : true;

/**
 * The camera and microphone, or whichever of them exists: asks for both,
 * and when one is missing tries each alone. Throws MediaError.
 */
export async function openCameraAndMic(choice: DeviceChoice = {}): Promise<MediaStream> {
  if (!hasMediaDevices()) throw new MediaError('no-device');
  const media = navigator.mediaDevices;
  try {
    return await media.getUserMedia({ audio: constraint(choice.micId), video: constraint(choice.cameraId) });
  } catch (error) {
    const problem = mediaProblemOf(error);
    if (problem === 'blocked') throw new MediaError(problem, error);
    // A laptop without a camera, or a camera without a microphone: take what there is.
    for (const alone of [{ audio: constraint(choice.micId) }, { video: constraint(choice.cameraId) }]) {
      try {
        return await media.getUserMedia(alone);
      } catch {
        // try the other kind
      }
    }
    throw new MediaError(problem, error);
  }
}

/** A new camera track (turning the camera back on). Throws MediaError. */
export async function openCamera(cameraId?: string | null): Promise<MediaStreamTrack> {
  return openOne('video', cameraId);
}

/** A new microphone track (joined without one, now unmuting). Throws MediaError. */
export async function openMic(micId?: string | null): Promise<MediaStreamTrack> {
  return openOne('audio', micId);
}

async function openOne(kind: 'audio' | 'video', deviceId?: string | null): Promise<MediaStreamTrack> {
  if (!hasMediaDevices()) throw new MediaError('no-device');
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ [kind]: constraint(deviceId) });
    const track = stream.getTracks()[0];
    if (!track) throw new MediaError('no-device');
    return track;
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError(mediaProblemOf(error), error);
  }
}

/** The screen (or a window or tab) to share. Throws when the person cancels. */
export async function openScreen(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getDisplayMedia) {
    throw new Error('This browser cannot share the screen.');
  }
  return navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Cameras and microphones; their labels are empty until the page has been allowed to use them. */
export async function listDevices(): Promise<DeviceLists> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.enumerateDevices) return { cameras: [], microphones: [] };
  const devices = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: devices.filter((d) => d.kind === 'videoinput' && d.deviceId),
    microphones: devices.filter((d) => d.kind === 'audioinput' && d.deviceId),
  };
}

/** The device a track comes from, to preselect it in the lobby. */
export const deviceIdOf = (track: MediaStreamTrack | undefined): string | null =>
  (track?.getSettings?.().deviceId as string | undefined) ?? null;

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
