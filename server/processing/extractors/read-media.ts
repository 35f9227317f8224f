import { parseFile } from 'music-metadata';
import type { ContentDetails } from '../../../lib/contract/contents';
import { ProcessingFailure } from '../processing-failure';

/** Formats browsers play themselves (the rest can only be downloaded). */
const PLAYABLE = new Set(['mp4', 'webm', 'mp3', 'wav', 'ogg', 'aac', 'flac', 'mov']);
/** Containers the metadata reader does not know: kept without a duration rather than refused. */
const UNREAD_CONTAINERS = new Set(['avi', 'flv']);

/**
 * Duration, container and codec of an audio or video file. Durations come
 * from the audio track (music-metadata reads no video track timing), so a
 * silent video has none.
 */
export async function readMedia(filePath: string, extension: string): Promise<ContentDetails> {
  const playable = PLAYABLE.has(extension);
  if (UNREAD_CONTAINERS.has(extension)) return { container: extension.toUpperCase(), playable };
  const { format } = await parseFile(filePath, { duration: true, skipCovers: true }).catch(() => {
    throw new ProcessingFailure('This media file could not be read: it may be damaged or incomplete.');
  });
  return {
    duration_seconds: format.duration !== undefined && Number.isFinite(format.duration) ? Math.round(format.duration * 1000) / 1000 : undefined,
    container: format.container,
    codec: format.codec,
    playable,
  };
}
