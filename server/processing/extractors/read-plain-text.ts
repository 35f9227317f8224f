import { readFile } from 'node:fs/promises';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes to text: UTF-8 (the usual case, BOM dropped), UTF-16 when a byte
 * order mark says so, otherwise Latin-1, which decodes any byte, so a file
 * from an older editor still reads rather than failing.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return utf8.decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** A text file's content (txt, md, json, yaml, logs…). */
export async function readPlainText(filePath: string): Promise<string> {
  return decodeText(await readFile(filePath));
}
