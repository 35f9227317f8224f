import { hashComponents, loadSources, sources, type BuiltinComponents } from '@fingerprintjs/fingerprintjs';

/** The audio method gives a negative number when the browser cannot or will not render audio off screen. */
const audioFailed = (component: BuiltinComponents['audio']) => 'error' in component || component.value < 0;
const canvasFailed = (component: BuiltinComponents['canvas']) => 'error' in component || component.value.geometry === 'unsupported';

/**
 * The hash of the browser's audio and canvas output (the product's definition
 * of the fingerprint); throws when neither can be read. Only these two: the
 * library's full set measures fonts, WebGL and more, and holds the main
 * thread for about half a second.
 */
export async function computeVisitorId(): Promise<string> {
  const components = await loadSources({ audio: sources.audio, canvas: sources.canvas }, undefined, [])();
  if (audioFailed(components.audio) && canvasFailed(components.canvas)) throw new Error('Neither audio nor canvas output is available');
  return hashComponents(components);
}
