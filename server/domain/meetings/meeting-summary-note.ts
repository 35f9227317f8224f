/** One stay of one person in a meeting, as the summary counts it. */
export interface SummaryStay {
  userId: string;
  name: string;
  joinedAt: Date;
  leftAt: Date;
}

export interface SummaryMessage {
  name: string;
  text: string;
  sentAt: Date;
}

// Summaries are written with nobody's time zone at hand, so they say UTC.
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "24 Nov 2026, 14:05"; some ICU versions put "at" before the time. */
const formatDateTime = (at: Date) => dateTime.format(at).replace(' at ', ', ');

const minutes = (ms: number) => {
  const count = Math.round(ms / 60_000);
  return count === 1 ? '1 minute' : `${count} minutes`;
};

/** Text as itself in Markdown: no emphasis, links, HTML or table cells are made of what people typed. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>#|~]/g, (char) => `\\${char}`);

/**
 * The note a space meeting leaves when it ends: a title with when it
 * started, who came (one row per person: first join, last leave, minutes
 * summed over their stays) and the chat, in Markdown.
 */
export function meetingSummaryNote(opts: { stays: SummaryStay[]; chat: SummaryMessage[] }): { title: string; body: string } {
  const started = new Date(Math.min(...opts.stays.map((stay) => stay.joinedAt.getTime())));
  const title = `Meeting ${formatDateTime(started)}`;

  const people = new Map<string, { name: string; joinedAt: Date; leftAt: Date; ms: number }>();
  for (const stay of opts.stays) {
    const ms = Math.max(0, stay.leftAt.getTime() - stay.joinedAt.getTime());
    const person = people.get(stay.userId);
    if (!person) {
      people.set(stay.userId, { name: stay.name, joinedAt: stay.joinedAt, leftAt: stay.leftAt, ms });
      continue;
    }
    person.ms += ms;
    if (stay.joinedAt < person.joinedAt) person.joinedAt = stay.joinedAt;
    if (stay.leftAt > person.leftAt) person.leftAt = stay.leftAt;
  }

  // The title is the note's name, which the app shows above the text.
  const lines = [
    'Times are in UTC.',
    '',
    '## Attendance',
    '',
    // A list, not a table: the note editor has no tables, and a list reads the same everywhere.
    ...[...people.values()].map((p) =>
      `- **${escapeMarkdown(p.name)}**: ${time.format(p.joinedAt)}–${time.format(p.leftAt)}, ${minutes(p.ms)}`),
    '',
    '## Chat',
    '',
  ];
  if (opts.chat.length === 0) lines.push('Nobody wrote in the chat.');
  for (const message of opts.chat) {
    // A message's own line breaks stay inside its list item.
    const text = message.text.split(/\r?\n/).map(escapeMarkdown).join('  \n  ');
    lines.push(`- ${time.format(message.sentAt)} **${escapeMarkdown(message.name)}**: ${text}`);
  }
  return { title, body: `${lines.join('\n')}\n` };
}
