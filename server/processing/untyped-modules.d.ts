// Type declarations for the parts of libraries that ship none, limited to what processing uses.

declare module 'yauzl' {
  import type { Readable } from 'node:stream';

  export interface Entry {
    fileName: string;
    compressedSize: number;
    uncompressedSize: number;
  }

  export interface ZipFile {
    /** Entries the central directory declares, known as soon as the archive is open. */
    entryCount: number;
    eachEntry(): AsyncIterable<Entry>;
    openReadStreamPromise(entry: Entry): Promise<Readable>;
    close(): void;
  }

  export interface Options {
    autoClose?: boolean;
    lazyEntries?: boolean;
    decodeStrings?: boolean;
    validateEntrySizes?: boolean;
    strictFileNames?: boolean;
  }

  export function openPromise(path: string, options?: Options): Promise<ZipFile>;
  const yauzl: { openPromise: typeof openPromise };
  export default yauzl;
}

declare module 'sanitize-html' {
  interface Attributes {
    [name: string]: string;
  }
  interface Frame {
    tag: string;
    attribs: Attributes;
    text: string;
  }
  type Transformer = (tagName: string, attribs: Attributes) => { tagName: string; attribs: Attributes };
  interface Options {
    allowedTags?: string[] | false;
    allowedAttributes?: Record<string, string[]> | false;
    allowedSchemes?: string[];
    allowedSchemesByTag?: Record<string, string[]>;
    allowedSchemesAppliedToAttributes?: string[];
    allowProtocolRelative?: boolean;
    allowedStyles?: Record<string, Record<string, RegExp[]>>;
    transformTags?: Record<string, Transformer>;
    exclusiveFilter?: (frame: Frame) => boolean;
    disallowedTagsMode?: 'discard' | 'escape' | 'recursiveEscape';
  }
  interface SanitizeHtml {
    (dirty: string, options?: Options): string;
    defaults: { allowedTags: string[]; allowedAttributes: Record<string, string[]> };
  }
  const sanitizeHtml: SanitizeHtml;
  export default sanitizeHtml;
}

declare module 'html-to-text' {
  interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  interface BlockTextBuilder {
    openBlock(options?: { leadingLineBreaks?: number }): void;
    closeBlock(options?: { trailingLineBreaks?: number }): void;
    addLiteral(text: string): void;
  }
  interface DomNode {
    children: DomNode[];
  }
  type FormatCallback = (
    elem: DomNode,
    walk: (nodes: DomNode[], builder: BlockTextBuilder) => void,
    builder: BlockTextBuilder,
    formatOptions: Record<string, unknown>,
  ) => void;
  interface HtmlToTextOptions {
    wordwrap?: number | false;
    selectors?: SelectorDefinition[];
    formatters?: Record<string, FormatCallback>;
    limits?: { maxInputLength?: number; maxChildNodes?: number; maxDepth?: number };
  }
  export function convert(html: string, options?: HtmlToTextOptions): string;
}
