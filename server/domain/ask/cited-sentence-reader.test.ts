import { describe, expect, it } from 'vitest';
import { citedSentenceReader } from './cited-sentence-reader';

const readAll = (chunks: string[], passageCount = 3) => {
  const reader = citedSentenceReader({ passageCount });
  const sentences = chunks.flatMap((chunk) => reader.push(chunk));
  return [...sentences, ...reader.end()];
};

describe('citedSentenceReader', () => {
  it('yields each sentence once finished, with its citations, markers removed', () => {
    const reader = citedSentenceReader({ passageCount: 2 });
    expect(reader.push('Parking costs 12 euros [1')).toEqual([]);
    expect(reader.push(']. The gar')).toEqual([{ text: 'Parking costs 12 euros.', citations: [1] }]);
    expect(reader.push('age is north [2][1].')).toEqual([]);
    expect(reader.end()).toEqual([{ text: 'The garage is north.', citations: [2, 1] }]);
  });

  it('reads markers after the full stop and several numbers in one marker', () => {
    expect(readAll(['It opens at nine. [1, 3] It closes at five. [2]'])).toEqual([
      { text: 'It opens at nine.', citations: [1, 3] },
      { text: 'It closes at five.', citations: [2] },
    ]);
  });

  it('drops citations of passages not given, and a sentence left with none', () => {
    expect(readAll(['The CEO is Ada [9]. Badges renew in March [2][7]. No source here.'], 3)).toEqual([
      { text: 'Badges renew in March.', citations: [2] },
    ]);
  });

  it('says nothing when the model found nothing', () => {
    expect(readAll(['NOT_FOUND'])).toEqual([]);
  });

  it('does not cut a number or a version in two', () => {
    expect(readAll(['Version 2.5 costs 3.40 euros [1].'])).toEqual([{ text: 'Version 2.5 costs 3.40 euros.', citations: [1] }]);
  });
});
