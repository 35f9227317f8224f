import { convert } from 'html-to-text';

const LEVELS = [1, 2, 3, 4, 5, 6];

/**
 * Readable text of an HTML page or fragment: no markup, no image
 * placeholders, no link targets. Headings become Markdown heading lines
 * ("## Setup"), so passages know the headings they sit under.
 */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    formatters: {
      markdownHeading: (elem, walk, builder, options) => {
        builder.openBlock({ leadingLineBreaks: 2 });
        builder.addLiteral(`${'#'.repeat(Number(options.level))} `);
        walk(elem.children, builder);
        builder.closeBlock({ trailingLineBreaks: 2 });
      },
    },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
      ...LEVELS.map((level) => ({ selector: `h${level}`, format: 'markdownHeading', options: { level } })),
    ],
  });
}
