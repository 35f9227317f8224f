import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/*
 * Small, valid files of every kind the product accepts, built in memory so a
 * test says exactly what is inside. Each builder is deterministic (fixed
 * dates, no randomness) and produces a few hundred bytes to a few KB, except
 * the deliberately hostile ones.
 */

// ---------------------------------------------------------------------------
// Zip (the container of docx, xlsx, pptx and epub)

export interface ZipEntry {
  name: string;
  /** The entry's bytes, or a run of that many zero bytes (compresses about 1000:1). */
  data: string | Buffer | { zeros: number };
  /** Keep the bytes uncompressed (an epub's `mimetype` must be). */
  store?: boolean;
  /** The uncompressed size the archive claims, when it should lie about it. */
  declaredSize?: number;
}

// 2020-01-01 00:00 in MS-DOS form, so the same entries always give the same bytes.
const DOS_TIME = 0;
const DOS_DATE = ((2020 - 1980) << 9) | (1 << 5) | 1;

interface PackedEntry {
  name: Buffer;
  method: number;
  crc: number;
  compressed: Buffer;
  /** The uncompressed size written in the headers. */
  size: number;
}

/** What the headers say of an entry: its data may be in memory or already streamed to a file. */
type EntryFacts = Omit<PackedEntry, 'compressed'> & { compressedSize: number };

const factsOf = ({ compressed, ...entry }: PackedEntry): EntryFacts => ({ ...entry, compressedSize: compressed.length });

// Compressing the same run of zeros again for every entry of a bomb would make the fixture slow.
const zeroRuns = new Map<number, { crc: number; compressed: Buffer }>();
function packZeros(length: number) {
  let packed = zeroRuns.get(length);
  if (!packed) {
    const data = Buffer.alloc(length);
    packed = { crc: crc32(data), compressed: deflateRawSync(data, { level: 9 }) };
    zeroRuns.set(length, packed);
  }
  return packed;
}

function packEntry(entry: ZipEntry): PackedEntry {
  const name = Buffer.from(entry.name, 'utf8');
  if (typeof entry.data === 'object' && 'zeros' in entry.data) {
    return { name, method: 8, size: entry.declaredSize ?? entry.data.zeros, ...packZeros(entry.data.zeros) };
  }
  const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
  const store = entry.store ?? false;
  return { name, method: store ? 0 : 8, crc: crc32(data), compressed: store ? data : deflateRawSync(data), size: data.length };
}

/**
 * The fields a local and a central header share, in the same order (version
 * needed, flags with 0x0800 for UTF-8 names, method, time, date, CRC, sizes,
 * name length), written from `at`: 4 in a local header, 6 in a central one.
 */
function writeEntryFields(header: Buffer, at: number, entry: EntryFacts) {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(entry.method, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.name.length, at + 22);
}

/** An entry's local header, its name included; its data follows it. */
function localHeader(entry: EntryFacts): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  writeEntryFields(local, 4, entry);
  local.writeUInt16LE(0, 28);
  return Buffer.concat([local, entry.name]);
}

/** The central directory of entries whose local headers start at `offsets`, and its end record. */
function centralDirectory(entries: EntryFacts[], offsets: number[], directoryAt: number): Buffer {
  const directory = Buffer.concat(entries.flatMap((entry, i) => {
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, entry);
    central.writeUInt32LE(offsets[i]!, 42);
    return [central, entry.name];
  }));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([directory, end]);
}

/** A zip archive (no zip64, UTF-8 names), as Office and epub readers expect it. */
function zipArchive(entries: ZipEntry[]): Buffer {
  const packed = entries.map(packEntry);
  const locals: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of packed) {
    const local = localHeader(factsOf(entry));
    offsets.push(offset);
    locals.push(local, entry.compressed);
    offset += local.length + entry.compressed.length;
  }
  return Buffer.concat([...locals, centralDirectory(packed.map(factsOf), offsets, offset)]);
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function openXmlPackage(mainType: string, mainPart: string, parts: ZipEntry[]): ZipEntry[] {
  return [
    {
      name: '[Content_Types].xml',
      data: `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
        + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        + '<Default Extension="xml" ContentType="application/xml"/>'
        + `<Override PartName="/${mainPart}" ContentType="${mainType}"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
        + `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${mainPart}"/>`
        + '</Relationships>',
    },
    ...parts,
  ];
}

/** Extra entries that turn an otherwise valid package into a decompression bomb. */
export type BombParts = ZipEntry[];
/** One entry of 50 MB of zeros (about 1000:1). */
export const RATIO_BOMB: BombParts = [{ name: 'bomb/zeros.bin', data: { zeros: 50 * 1024 * 1024 } }];
/** 21 entries of 10 MB of zeros: 210 MB in all. */
export const SIZE_BOMB: BombParts = Array.from({ length: 21 }, (_, i) => ({ name: `bomb/zeros-${i}.bin`, data: { zeros: 10 * 1024 * 1024 } }));
/** An entry that claims 1 KB but inflates to 50 MB (headers can lie). */
export const LYING_BOMB: BombParts = [{ name: 'bomb/small.bin', data: { zeros: 50 * 1024 * 1024 }, declaredSize: 1024 }];
/** 10,001 empty entries. */
export const COUNT_BOMB: BombParts = Array.from({ length: 10_001 }, (_, i) => ({ name: `bomb/${i}.txt`, data: '' }));

// ---------------------------------------------------------------------------
// Office documents and books

/** A Word document, one paragraph per string. */
export function docxFile(paragraphs: string[], extra: BombParts = []): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`).join('');
  return zipArchive(openXmlPackage(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    'word/document.xml',
    [
      {
        name: 'word/document.xml',
        data: `${XML_HEAD}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      },
      ...extra,
    ],
  ));
}

/** A PowerPoint deck, one slide per string. */
export function pptxFile(slides: string[], extra: BombParts = []): Buffer {
  const slideParts = slides.map((text, i) => ({
    name: `ppt/slides/slide${i + 1}.xml`,
    data: `${XML_HEAD}<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">`
      + `<p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${xmlEscape(text)}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
  }));
  return zipArchive(openXmlPackage(
    'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
    'ppt/presentation.xml',
    [
      {
        name: 'ppt/presentation.xml',
        data: `${XML_HEAD}<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`,
      },
      ...slideParts,
      ...extra,
    ],
  ));
}

export type SheetCell = string | number | boolean | null;

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function sheetCell(value: SheetCell, ref: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t>${xmlEscape(value)}</t></is></c>`;
}

const sheetRow = (cells: SheetCell[], r: number) =>
  `<row r="${r + 1}">${cells.map((v, c) => sheetCell(v, `${columnName(c)}${r + 1}`)).join('')}</row>`;

const SHEET_HEAD = `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** A workbook's parts around its one sheet (`sheet1.xml`). */
function workbookParts(): ZipEntry[] {
  return openXmlPackage('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xl/workbook.xml', [
    {
      name: 'xl/workbook.xml',
      data: `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`
        + '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
        + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        + '</Relationships>',
    },
  ]);
}

/** An Excel workbook with one sheet holding `rows`. */
export function xlsxFile(rows: SheetCell[][], extra: BombParts = []): Buffer {
  return zipArchive([
    ...workbookParts(),
    { name: SHEET_PART, data: `${SHEET_HEAD}${rows.map(sheetRow).join('')}${SHEET_TAIL}` },
    ...extra,
  ]);
}

/** A zip entry whose text is made piece by piece and deflated as it comes, never held whole. */
export interface StreamedZipEntry {
  name: string;
  pieces: Iterable<string>;
}

/**
 * Writes a zip archive to `filePath`, streamed entries deflated as their
 * pieces come, so an archive that expands to hundreds of megabytes costs the
 * test seconds and little memory. Answers the file's size.
 */
export async function writeZipFile(filePath: string, entries: Array<ZipEntry | StreamedZipEntry>): Promise<number> {
  const file = await open(filePath, 'w');
  try {
    const written: EntryFacts[] = [];
    const offsets: number[] = [];
    let offset = 0;
    const append = async (data: Buffer) => {
      await file.write(data, 0, data.length, offset);
      offset += data.length;
    };
    for (const entry of entries) {
      offsets.push(offset);
      if (!('pieces' in entry)) {
        const packed = packEntry(entry);
        written.push(factsOf(packed));
        await append(localHeader(factsOf(packed)));
        await append(packed.compressed);
        continue;
      }
      // The header is written with blank sizes and filled in once they are known.
      const facts: EntryFacts = { name: Buffer.from(entry.name, 'utf8'), method: 8, crc: 0, compressedSize: 0, size: 0 };
      const headerAt = offset;
      await append(localHeader(facts));
      const dataAt = offset;
      const deflate = createDeflateRaw({ level: 6 });
      const drained = (async () => {
        for await (const piece of deflate as AsyncIterable<Buffer>) await append(piece);
      })();
      for (const piece of entry.pieces) {
        const bytes = Buffer.from(piece, 'utf8');
        facts.crc = crc32(bytes, facts.crc);
        facts.size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      }
      deflate.end();
      await drained;
      facts.compressedSize = offset - dataAt;
      await file.write(localHeader(facts), 0, 30, headerAt);
      written.push(facts);
    }
    await append(centralDirectory(written, offsets, offset));
    return offset;
  } finally {
    await file.close();
  }
}

/** A sheet's XML, `rows` rows (`rowAt(i)` gives each) a block at a time, then `tail` (the closing tags). */
export function* sheetPieces(rows: number, rowAt: (index: number) => SheetCell[], tail = SHEET_TAIL): Generator<string> {
  const ROWS_PER_BLOCK = 20_000;
  yield SHEET_HEAD;
  for (let start = 0; start < rows; start += ROWS_PER_BLOCK) {
    let block = '';
    for (let r = start; r < Math.min(rows, start + ROWS_PER_BLOCK); r += 1) block += sheetRow(rowAt(r), r);
    yield block;
  }
  yield tail;
}

/**
 * Writes an Excel workbook of one sheet to `filePath` (see writeZipFile):
 * `sheet` is its XML (sheetPieces), `extra` more parts. Answers the file's size.
 */
export const writeXlsxFile = (filePath: string, sheet: Iterable<string>, extra: Array<ZipEntry | StreamedZipEntry> = []) =>
  writeZipFile(filePath, [...workbookParts(), { name: SHEET_PART, pieces: sheet }, ...extra]);

/** An EPUB book, one chapter per entry. */
export function epubFile(chapters: Array<{ title: string; text: string }>, extra: BombParts = []): Buffer {
  const manifest = chapters.map((_, i) => `<item id="ch${i + 1}" href="ch${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join('');
  const spine = chapters.map((_, i) => `<itemref idref="ch${i + 1}"/>`).join('');
  const navPoints = chapters
    .map((c, i) => `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${xmlEscape(c.title)}</text></navLabel><content src="ch${i + 1}.xhtml"/></navPoint>`)
    .join('');
  return zipArchive([
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data: '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
        + '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    },
    {
      name: 'OEBPS/content.opf',
      data: '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">'
        + '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Test book</dc:title><dc:identifier id="id">test-book</dc:identifier><dc:language>en</dc:language></metadata>'
        + `<manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>${manifest}</manifest>`
        + `<spine toc="ncx">${spine}</spine></package>`,
    },
    {
      name: 'OEBPS/toc.ncx',
      data: '<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">'
        + `<head><meta name="dtb:uid" content="test-book"/></head><docTitle><text>Test book</text></docTitle><navMap>${navPoints}</navMap></ncx>`,
    },
    ...chapters.map((c, i) => ({
      name: `OEBPS/ch${i + 1}.xhtml`,
      data: `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${xmlEscape(c.title)}</title></head>`
        + `<body><h1>${xmlEscape(c.title)}</h1><p>${xmlEscape(c.text)}</p></body></html>`,
    })),
    ...extra,
  ]);
}

// ---------------------------------------------------------------------------
// PDF

/**
 * A PDF with one page per string, each drawn in Helvetica (so its text can be
 * extracted), a line per `\n`. Nothing wraps: what runs past the page's right
 * edge (about 60 characters) is not on the page, and readers drop it.
 */
export function pdfFile(pages: string[]): Buffer {
  const pdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const fontId = 3 + pages.length * 2;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  ];
  pages.forEach((text, i) => {
    const lines = text.split('\n');
    // 22 TL: T* moves down a line of 18-point text.
    const stream = `BT /F1 18 Tf 72 720 Td${lines.length > 1 ? ' 22 TL' : ''} ${lines.map((line) => `(${pdfString(line)}) Tj`).join(' T* ')} ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`,
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------------------
// Email

/**
 * A multipart message: a plain-text and an HTML version of the body, and one
 * attachment. The HTML carries things the sanitiser must remove (a script, an
 * event handler, a remote image).
 */
export function emlFile(opts: { subject: string; text: string; attachment: { name: string; content: string } }): Buffer {
  const html = `<html><body><p onclick="steal()">${opts.text}</p><script>alert(1)</script>`
    + '<img src="https://tracker.example/pixel.gif" alt="pixel"><a href="https://example.com/more">More</a></body></html>';
  return Buffer.from([
    'From: Asha Rao <asha@example.com>',
    'To: Ben Ng <ben@example.com>, team@example.com',
    'Cc: Chen Li <chen@example.com>',
    `Subject: ${opts.subject}`,
    'Date: Wed, 01 Jan 2025 10:00:00 +0000',
    'Message-ID: <fixture@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mixed"',
    '',
    '--mixed',
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.text,
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '--alt--',
    '--mixed',
    `Content-Type: text/plain; name="${opts.attachment.name}"`,
    `Content-Disposition: attachment; filename="${opts.attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(opts.attachment.content, 'utf8').toString('base64'),
    '--mixed--',
    '',
  ].join('\r\n'), 'utf8');
}

// ---------------------------------------------------------------------------
// Delimited text

/** Rows as delimited text (comma by default), quoting cells that need it. */
export function delimitedFile(rows: Array<Array<string | number>>, delimiter = ','): Buffer {
  const cell = (value: string | number) => {
    const text = String(value);
    return text.includes(delimiter) || text.includes('"') || text.includes('\n') ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(`${rows.map((r) => r.map(cell).join(delimiter)).join('\n')}\n`, 'utf8');
}

// ---------------------------------------------------------------------------
// Images

/** A solid-colour PNG. */
export function pngFile(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
}

/** A solid-colour JPEG. */
export function jpegFile(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
}

/** An SVG drawing; it carries a script, which must never reach a viewer. */
export function svgFile(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`
      + `<script>alert(1)</script><rect width="${width}" height="${height}" fill="#3366cc"/></svg>`,
    'utf8',
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG that claims `width` × `height` pixels but holds only a few bytes of
 * image data: decoding it would need gigabytes.
 */
export function pixelBombPng(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateRawSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A BMP (24-bit, uncompressed): a format the image renderer cannot read. */
export function bmpFile(width: number, height: number): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const pixels = Buffer.alloc(rowBytes * height, 0x80);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

// ---------------------------------------------------------------------------
// Audio and video

/** A mono 16-bit PCM WAV of silence. */
export function wavFile(seconds: number, sampleRate = 8000): Buffer {
  const data = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An MP3 (MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono) of silent frames, about `seconds` long. */
export function mp3File(seconds: number): Buffer {
  // 1152 samples per frame; a 128 kbit/s frame at 44.1 kHz is 417 bytes.
  const frames = Math.round((seconds * 44_100) / 1152);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4], 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/**
 * A small MP4: `ftyp` and a `moov` whose movie header (`mvhd`) and one AAC
 * audio track (`trak`, media header `mdhd`) state the duration; no samples.
 */
export function mp4File(seconds: number): Buffer {
  const timescale = 1000;
  const duration = Math.round(seconds * timescale);
  const fullBox = (type: string, fields: Buffer) => box(type, Buffer.alloc(4), fields);

  const mvhd = Buffer.alloc(96);
  mvhd.writeUInt32BE(timescale, 8);
  mvhd.writeUInt32BE(duration, 12);
  mvhd.writeUInt32BE(0x00010000, 16); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 20); // volume 1.0
  mvhd.writeUInt32BE(0x00010000, 32); // identity matrix
  mvhd.writeUInt32BE(0x00010000, 48);
  mvhd.writeUInt32BE(0x40000000, 64);
  mvhd.writeUInt32BE(2, 92); // next track id

  const tkhd = Buffer.alloc(80);
  tkhd.writeUInt32BE(1, 8); // track id
  tkhd.writeUInt32BE(duration, 16);

  const mdhd = Buffer.alloc(20);
  mdhd.writeUInt32BE(timescale, 8);
  mdhd.writeUInt32BE(duration, 12);

  const hdlr = Buffer.concat([Buffer.alloc(4), Buffer.from('soun', 'latin1'), Buffer.alloc(12), Buffer.from('SoundHandler\0', 'latin1')]);

  // An 'mp4a' sample entry: 2 channels, 16-bit, 44.1 kHz.
  const mp4a = Buffer.alloc(28);
  mp4a.writeUInt16BE(1, 6); // data reference index
  mp4a.writeUInt16BE(2, 16);
  mp4a.writeUInt16BE(16, 18);
  mp4a.writeUInt32BE(44_100 * 0x10000, 24);
  const stsdEntries = Buffer.alloc(4);
  stsdEntries.writeUInt32BE(1, 0);
  const stsd = fullBox('stsd', Buffer.concat([stsdEntries, box('mp4a', mp4a)]));
  // Empty sample tables (time-to-sample, sample-to-chunk, sizes, chunk offsets).
  const emptyTables = [fullBox('stts', Buffer.alloc(4)), fullBox('stsc', Buffer.alloc(4)), fullBox('stsz', Buffer.alloc(8)), fullBox('stco', Buffer.alloc(4))];

  const ftyp = Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'latin1')]);
  return Buffer.concat([
    box('ftyp', ftyp),
    box('moov',
      fullBox('mvhd', mvhd),
      box('trak',
        fullBox('tkhd', tkhd),
        box('mdia', fullBox('mdhd', mdhd), fullBox('hdlr', hdlr), box('minf', box('stbl', stsd, ...emptyTables))))),
  ]);
}
