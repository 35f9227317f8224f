import type { BuiltinComponents } from '@fingerprintjs/fingerprintjs';
import { FINGERPRINT_FAILED_MESSAGE } from './constants';

type AudioComponent = BuiltinComponents['audio'];
type CanvasComponent = BuiltinComponents['canvas'];

/** The audio method gives a negative number when the browser cannot or will not render audio off screen. */
function audioFailed(component: AudioComponent): boolean {
  return 'error' in component || component.value < 0;
}

function canvasFailed(component: CanvasComponent): boolean {
  return 'error' in component || component.value.geometry === 'unsupported';
}

async function computeVisitorId(): Promise<string | null> {
  try {
    // Imported on demand: the library touches browser APIs and is not needed for server rendering.
    const { hashComponents, loadSources, sources } = await import('@fingerprintjs/fingerprintjs');
    // Only the audio and canvas methods (the product's definition of the fingerprint): the library's
    // full set measures fonts, WebGL and more, and holds the main thread for about half a second.
    const components = await loadSources({ audio: sources.audio, canvas: sources.canvas }, undefined, [])();
    if (audioFailed(components.audio) && canvasFailed(components.canvas)) throw new Error('Neither audio nor canvas output is available');
    return hashComponents(components);
  } catch (error) {
    console.error(FINGERPRINT_FAILED_MESSAGE, error);
    return null;
  }
}

let visitorId: Promise<string | null> | null = null;

/**
 * The browser's visitor id, computed locally once per page load from its
 * audio and canvas output; null when neither can be read (the app keeps
 * working without it).
 */
export function getVisitorId(): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  visitorId ??= computeVisitorId().then((id) => {
    // A failure is not cached, so a later call may succeed.
    if (id === null) visitorId = null;
    return id;
  });
  return visitorId;
}
