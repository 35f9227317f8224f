/**
 * A Content-Disposition value naming the file twice: `filename` in plain
 * ASCII for old clients, `filename*` (RFC 5987/8187) with the real name in
 * UTF-8. Nothing of the name can break out of the header: control
 * characters are dropped and everything outside the safe set is escaped.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  // Lone surrogates cannot be encoded; a control character has no place in a name.
  const name = fileName.replace(/\p{Cs}/gu, '\ufffd').replace(/\p{Cc}/gu, '').trim() || 'download';
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\/%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
