import Bowser from 'bowser';
import type { DeviceKind } from './contract/sessions';

export interface DeviceDescription {
  /** "Chrome 156", or null when the user agent names no browser. */
  browser: string | null;
  /** "macOS", "Windows 10", "Android 15", or null. */
  os: string | null;
  device: DeviceKind;
  /** "Chrome 156 on macOS", for sentences and emails. */
  label: string;
}

const major = (version: string | undefined) => version?.split('.')[0] || undefined;

// macOS and Linux report a frozen or meaningless version; phones' major versions are what people know.
const osVersionShown = new Set(['iOS', 'iPadOS', 'Android', 'Chrome OS', 'HarmonyOS']);

/** "Chrome 156 on macOS", from a browser and a system either of which may be unknown. */
export function deviceLabel(browser: string | null, os: string | null): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `A browser on ${os}` : 'An unknown browser');
}

/** What a stored user agent says about the browser, as a person would name it. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  // Bowser refuses an empty string; anything else it parses, however odd.
  const parsed = userAgent?.trim() ? Bowser.parse(userAgent) : null;
  const browserName = parsed?.browser.name || null;
  const browser = browserName ? [browserName, major(parsed?.browser.version)].filter(Boolean).join(' ') : null;
  const osName = parsed?.os.name || null;
  const osVersion = osName === 'Windows' ? parsed?.os.versionName : osName && osVersionShown.has(osName) ? major(parsed?.os.version) : undefined;
  const os = osName ? [osName, osVersion].filter(Boolean).join(' ') : null;
  const type = parsed?.platform.type;
  const device: DeviceKind = type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other';
  return { browser, os, device, label: deviceLabel(browser, os) };
}
