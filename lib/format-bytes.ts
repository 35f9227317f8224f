const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes as a short human size: 0 B, 512 KB, 1.5 GB, 2 MB. The one wording for sizes, in the web app and the API's sentences. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  // Compared after rounding, so a size just under a unit reads "1 GB", not "1024 MB".
  while (Math.round(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
