import { colors } from '../../lib/palette';
import { escapeHtml } from './escape-html';
import type { MailMessage } from './mailer';

/** What one email says; the layout gives every email the same look, in HTML and in plain text. */
export interface MailContent {
  to: string;
  subject: string;
  /** The line of text an inbox shows after the subject. */
  preview: string;
  heading: string;
  /** Paragraphs before the code or the button. */
  intro: string[];
  /** A code to type, shown large. */
  code?: string;
  /** Label and value rows (a new sign-in's browser, address and time). */
  details?: Array<[label: string, value: string]>;
  /** The one thing to do, as a button. */
  action?: { label: string; url: string };
  /** Paragraphs after the code or the button (what to do if it was not you). */
  outro?: string[];
}

const FONT = "'Be Vietnam Pro', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const FOOTER = 'Convene brings your team’s spaces, knowledge and meetings together.';
const FOOTER_NOTE = 'You are getting this email because of an account or an invitation on Convene.';

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:${colors.text};">${escapeHtml(text)}</p>`;

/*
 * Mail clients drop <style>, scripts and often SVG, and some ignore padding on
 * links: so tables, inline styles, a text wordmark and a button whose cell
 * carries the colour.
 */
function htmlOf(content: MailContent): string {
  const code = content.code
    ? `<p style="margin:8px 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;color:${colors.heading};font-family:Menlo,Consolas,monospace;">${escapeHtml(content.code)}</p>`
    : '';
  const details = content.details
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${content.details
      .map(([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0;font-size:14px;color:${colors.textSecondary};">${escapeHtml(label)}</td>` +
        `<td style="padding:2px 0;font-size:14px;color:${colors.heading};">${escapeHtml(value)}</td></tr>`)
      .join('')}</table>`
    : '';
  const action = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
      `<td align="center" bgcolor="${colors.primary}" style="border-radius:8px;background:${colors.primary};">` +
      `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:15px;font-weight:600;color:${colors.white};text-decoration:none;border-radius:8px;">${escapeHtml(content.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${colors.textSecondary};">If the button does not work, copy this link into your browser:<br>` +
      `<a href="${escapeHtml(content.action.url)}" style="color:${colors.primaryText};word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${colors.primaryBg};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colors.primaryBg};"><tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:520px;font-family:${FONT};">
<tr><td style="padding:0 4px 20px;">
<span style="display:inline-block;width:28px;height:28px;line-height:28px;border-radius:8px;background:${colors.primary};color:${colors.white};font-size:16px;font-weight:700;text-align:center;vertical-align:middle;">C</span>
<span style="font-size:20px;font-weight:700;letter-spacing:-0.02em;color:${colors.primary};vertical-align:middle;">&nbsp;Convene</span>
</td></tr>
<tr><td style="background:${colors.white};border-radius:12px;padding:32px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;font-weight:700;color:${colors.heading};">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('')}${code}${details}${action}${(content.outro ?? []).map(paragraph).join('')}
</td></tr>
<tr><td style="padding:20px 8px 0;text-align:center;font-size:12px;line-height:1.5;color:${colors.textSecondary};">${escapeHtml(FOOTER)}<br>${escapeHtml(FOOTER_NOTE)}</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** The same words as the HTML, for mail clients that show text only. */
function textOf(content: MailContent): string {
  const blocks = [
    'Convene',
    content.heading,
    ...content.intro,
    ...(content.code ? [content.code] : []),
    ...(content.details ? [content.details.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...(content.outro ?? []),
    `--\n${FOOTER}\n${FOOTER_NOTE}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** An email in the product's one layout: the wordmark, a heading, the words, the code or button, a footer; HTML and plain text. */
export function composeMail(content: MailContent): MailMessage {
  return { to: content.to, subject: content.subject, html: htmlOf(content), text: textOf(content) };
}
