import { ProcessingFailure } from '../processing-failure';

/** What an XmlScanner reports, in document order. Element names come without their namespace prefix. */
export interface XmlHandler {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Text with its character and predefined entity references replaced; any other reference is kept as written. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** Where a tag that starts at `from` ends ('>' outside quoted attribute values), or -1 when it has not all arrived. */
function tagEnd(buffer: string, from: number): number {
  let quote = 0;
  for (let i = from; i < buffer.length; i += 1) {
    const c = buffer.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return i;
  }
  return -1;
}

/**
 * A streaming reader of the XML an Office file is made of: text goes in
 * piece by piece (write), elements and text come out as they complete, so a
 * part is never held whole. It knows what spreadsheet parts use: elements,
 * attributes, text, the predefined and character entities, CDATA, comments
 * and processing instructions. A document type declaration (where entity
 * expansion attacks live) is refused, and so is any one tag or text run
 * longer than `maxToken` characters, which bounds what it keeps.
 */
export class XmlScanner {
  private buffer = '';

  constructor(
    private readonly handler: XmlHandler,
    private readonly unreadable: string,
    private readonly maxToken = 1024 * 1024,
  ) {}

  write(piece: string): void {
    const buffer = this.buffer + piece;
    let at = 0;
    for (;;) {
      const lt = buffer.indexOf('<', at);
      if (lt < 0) break;
      const end = this.markupEnd(buffer, lt);
      if (end < 0) break;
      // Text is reported once the markup after it has all arrived, so a text run is never cut in two.
      if (lt > at) this.handler.text(decodeXmlText(buffer.slice(at, lt)));
      this.report(buffer, lt, end);
      at = end;
    }
    this.buffer = buffer.slice(at);
    if (this.buffer.length > this.maxToken) throw new ProcessingFailure(this.unreadable);
  }

  /** The end of what is left: only whitespace may remain. */
  end(): void {
    if (this.buffer.trim() !== '') throw new ProcessingFailure(this.unreadable);
    this.buffer = '';
  }

  /** Where the markup starting at `lt` ends, or -1 when it has not all arrived. */
  private markupEnd(buffer: string, lt: number): number {
    const next = buffer[lt + 1];
    if (next === '!') {
      if (buffer.startsWith('<!--', lt)) return endOf(buffer, '-->', lt + 4);
      if (buffer.startsWith('<![CDATA[', lt)) return endOf(buffer, ']]>', lt + 9);
      if (buffer.length - lt < 9) return -1;
      // A document type declaration: where entity expansion attacks live, and no spreadsheet has one.
      throw new ProcessingFailure(this.unreadable);
    }
    if (next === '?') return endOf(buffer, '?>', lt + 2);
    const gt = tagEnd(buffer, lt + 1);
    return gt < 0 ? -1 : gt + 1;
  }

  /** Reports the complete markup from `lt` to `end`. */
  private report(buffer: string, lt: number, end: number): void {
    const next = buffer[lt + 1];
    if (next === '?' || buffer.startsWith('<!--', lt)) return;
    if (next === '!') {
      this.handler.text(buffer.slice(lt + 9, end - 3));
      return;
    }
    if (next === '/') {
      this.handler.close(localName(buffer.slice(lt + 2, end - 1).trim()));
      return;
    }
    const selfClosing = buffer.charCodeAt(end - 2) === 47;
    const body = buffer.slice(lt + 1, selfClosing ? end - 2 : end - 1);
    const nameEnd = body.search(/\s/);
    const name = localName(nameEnd < 0 ? body : body.slice(0, nameEnd));
    const attributes: Record<string, string> = {};
    if (nameEnd >= 0) {
      for (const match of body.slice(nameEnd).matchAll(ATTRIBUTE)) attributes[match[1]!] = decodeXmlText(match[2] ?? match[3] ?? '');
    }
    this.handler.open(name, attributes);
    if (selfClosing) this.handler.close(name);
  }
}

/** Just past the first `terminator` from `from`, or -1 when it has not arrived. */
function endOf(buffer: string, terminator: string, from: number): number {
  const found = buffer.indexOf(terminator, from);
  return found < 0 ? -1 : found + terminator.length;
}
