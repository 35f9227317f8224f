import { describe, expect, it } from 'vitest';
import { colors } from '../../lib/palette';
import type { MailMessage } from './mailer';
import {
  accountExistsMail, emailChangeCodeMail, emailChangedMail, emailTakenMail, invitationMail, newDeviceMail, passwordResetMail,
  signInCodeMail, verificationCodeMail,
} from './templates';

const APP = 'https://convene.example';
const TTL = 10 * 60_000;

/** Every email, with the code or link it must carry. */
const mails: Array<{ name: string; mail: MailMessage; code?: string; link?: string }> = [
  { name: 'verification code', mail: verificationCodeMail({ to: 'a@example.com', code: '482913', ttlMs: TTL }), code: '482913' },
  { name: 'sign-in code', mail: signInCodeMail({ to: 'a@example.com', code: '555123', ttlMs: TTL }), code: '555123' },
  { name: 'email change code', mail: emailChangeCodeMail({ to: 'a@example.com', code: '901234', ttlMs: TTL }), code: '901234' },
  { name: 'account exists', mail: accountExistsMail({ to: 'a@example.com', appUrl: APP }), link: `${APP}/sign-in` },
  { name: 'password reset', mail: passwordResetMail({ to: 'a@example.com', link: `${APP}/reset-password?token=abc_DEF-1`, ttlMs: TTL }), link: `${APP}/reset-password?token=abc_DEF-1` },
  {
    name: 'new device',
    mail: newDeviceMail({ to: 'a@example.com', device: 'Firefox on Windows', address: '10.0.0.1', time: '1 May 2026 at 10:00 UTC', link: `${APP}/account/security` }),
    link: `${APP}/account/security`,
  },
  {
    name: 'invitation',
    mail: invitationMail({ to: 'a@example.com', link: `${APP}/join-hub?invitation=tok`, days: 3, hubName: 'Acme', inviterName: 'Olive', role: 'editor' }),
    link: `${APP}/join-hub?invitation=tok`,
  },
  { name: 'email taken', mail: emailTakenMail({ to: 'a@example.com', appUrl: APP }), link: `${APP}/sign-in` },
  { name: 'email changed', mail: emailChangedMail({ to: 'old@example.com', newEmail: 'new@example.com', link: `${APP}/account` }), link: `${APP}/account` },
];

describe.each(mails.map((m) => [m.name, m] as const))('the %s email', (_name, { mail, code, link }) => {
  it('has an HTML and a plain-text part, both with the wordmark and the footer', () => {
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain(`color:${colors.primary};`);
    expect(mail.html).toContain('&nbsp;Convene</span>');
    expect(mail.text.startsWith('Convene\n\n')).toBe(true);
    expect(mail.text).toContain('Convene brings your team’s spaces, knowledge and meetings together.');
    expect(mail.html).toContain('Convene brings your team’s spaces, knowledge and meetings together.');
    expect(mail.html).not.toMatch(/<(script|style|svg)\b/i);
  });

  it('says the same in both parts', () => {
    // Every sentence of the text part is in the HTML, once its entities are read back.
    const html = mail.html!.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
    for (const line of mail.text.split('\n').filter((l) => l && l !== '--' && !l.endsWith(':'))) {
      expect(html).toContain(line.includes(': ') && !line.startsWith('http') ? line.split(': ')[1]! : line);
    }
  });

  if (code) {
    it('shows the code large in HTML and on its own line in text', () => {
      expect(mail.html).toMatch(new RegExp(`font-size:32px[^>]*>${code}</p>`));
      expect(mail.text).toContain(`\n\n${code}\n\n`);
    });
  }

  if (link) {
    it('links the action as a button in HTML and as the bare link in text', () => {
      const escaped = link.replace(/&/g, '&amp;');
      expect(mail.html).toMatch(new RegExp(`<td[^>]*bgcolor="${colors.primary}"[^>]*><a href="${escaped.replace(/[?.]/g, '\\$&')}"`));
      expect(mail.text).toContain(`\n${link}\n`);
    });
  }
});

describe('the layout', () => {
  it('escapes what it is given, so a name cannot add markup', () => {
    const mail = invitationMail({ to: 'a@example.com', link: `${APP}/x?a=1&b=2`, days: 3, hubName: '<b>Acme</b>', inviterName: 'O"live', role: 'editor' });
    expect(mail.html).not.toContain('<b>Acme</b>');
    expect(mail.html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(mail.html).toContain('href="https://convene.example/x?a=1&amp;b=2"');
    expect(mail.text).toContain('<b>Acme</b>');
  });
});
