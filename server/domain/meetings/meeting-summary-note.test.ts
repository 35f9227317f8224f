import { describe, expect, it } from 'vitest';
import { meetingSummaryNote } from './meeting-summary-note';

const at = (time: string) => new Date(`2026-11-24T${time}:00Z`);

describe('meetingSummaryNote', () => {
  it('titles the note with the start, sums each person’s stays and lists the chat in order', () => {
    const note = meetingSummaryNote({
      stays: [
        { userId: 'a', name: 'Ada', joinedAt: at('14:05'), leftAt: at('14:20') },
        { userId: 'b', name: 'Ben', joinedAt: at('14:07'), leftAt: at('14:50') },
        { userId: 'a', name: 'Ada', joinedAt: at('14:30'), leftAt: at('14:45') },
      ],
      chat: [
        { name: 'Ben', text: 'Hello', sentAt: at('14:08') },
        { name: 'Ada', text: 'Two\nlines', sentAt: at('14:10') },
      ],
    });
    expect(note.title).toBe('Meeting 24 Nov 2026, 14:05');
    expect(note.body).toContain('- **Ada**: 14:05–14:45, 30 minutes\n- **Ben**: 14:07–14:50, 43 minutes');
    expect(note.body).toContain('- 14:08 **Ben**: Hello\n- 14:10 **Ada**: Two  \n  lines\n');
  });

  it('keeps what people typed from turning into Markdown', () => {
    const note = meetingSummaryNote({
      stays: [{ userId: 'a', name: 'Ada | *Admin*', joinedAt: at('09:00'), leftAt: at('09:01') }],
      chat: [{ name: 'Ada | *Admin*', text: '# <b>[link](x)</b> `code` _em_', sentAt: at('09:00') }],
    });
    expect(note.body).toContain('- **Ada \\| \\*Admin\\***: 09:00–09:01, 1 minute');
    expect(note.body).toContain('**Ada \\| \\*Admin\\***: \\# \\<b\\>\\[link\\](x)\\</b\\> \\`code\\` \\_em\\_');
  });

  it('says so when nobody wrote in the chat', () => {
    const note = meetingSummaryNote({ stays: [{ userId: 'a', name: 'Ada', joinedAt: at('09:00'), leftAt: at('09:00') }], chat: [] });
    expect(note.body).toContain('Nobody wrote in the chat.');
  });
});
