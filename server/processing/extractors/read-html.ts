import { convert } from 'html-to-text';

/** Readable text of an HTML page or fragment: no markup, no image placeholders, no link targets. */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  });
}
