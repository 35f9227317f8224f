import { readFile } from 'node:fs/promises';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import type { ContentDetails } from '../../../lib/contract/contents';
import { readingFailure } from '../processing-failure';
import { htmlToText } from './read-html';

export type EmailHeaders = NonNullable<ContentDetails['email']>;

export interface ReadEmail {
  headers: EmailHeaders;
  text: string;
  /** The HTML body made safe to show in a sandboxed frame, or null when the message has none. */
  html: string | null;
  attachments: Uint8Array[];
}

const SAFE_CSS_VALUE = [/^[-#%.,\w\s'"]+$/, /^rgba?\([\d\s.,%]+\)$/];
const STYLED_PROPERTIES = [
  'color', 'background-color', 'font-family', 'font-size', 'font-style', 'font-weight', 'text-align', 'text-decoration',
  'line-height', 'margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right', 'padding', 'padding-top',
  'padding-bottom', 'padding-left', 'padding-right', 'border', 'border-collapse', 'width', 'max-width', 'height', 'vertical-align',
];

/**
 * An email's HTML, kept readable but inert: no scripts, style sheets, forms
 * or event handlers; links only to web and mail addresses (opening a new
 * tab); images only when embedded in the message (data: URLs), so opening it
 * never tells a sender it was read; inline styles only without url().
 */
function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      font: ['color', 'size', 'face'],
      '*': ['style', 'align', 'valign', 'width', 'height', 'colspan', 'rowspan', 'bgcolor', 'dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    allowedStyles: { '*': Object.fromEntries(STYLED_PROPERTIES.map((p) => [p, SAFE_CSS_VALUE])) },
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    },
    // A remote image loses its src above; the empty tag goes too.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

function headersOf(mail: ParsedMail): EmailHeaders {
  return {
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
    attachments: mail.attachments.map((a, index) => ({
      index,
      name: a.filename ?? `attachment-${index + 1}`,
      size_bytes: a.content.length,
      mime_type: a.contentType || 'application/octet-stream',
    })),
  };
}

/** A message (.eml): its headers, its text (from the HTML when it has no plain part), its HTML made safe and its attachments. */
export async function readEmail(filePath: string): Promise<ReadEmail> {
  const source = await readFile(filePath);
  const mail = await readingFailure('This email could not be read: it may be damaged.', () => simpleParser(source));
  const html = mail.html === false ? null : mail.html;
  return {
    headers: headersOf(mail),
    text: mail.text ?? (html ? htmlToText(html) : ''),
    html: html === null ? null : sanitizeEmailHtml(html),
    attachments: mail.attachments.map((a) => new Uint8Array(a.content)),
  };
}

/** The message as one text: its headers, then its body (for an email kept as a document). */
export function emailText(email: ReadEmail): string {
  const { subject, from, to, cc, date } = email.headers;
  const lines = [`Subject: ${subject}`, `From: ${from}`, `To: ${to}`, cc ? `Cc: ${cc}` : '', date ? `Date: ${date}` : ''];
  return `${lines.filter(Boolean).join('\n')}\n\n${email.text}`;
}
