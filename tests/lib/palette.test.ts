import { describe, expect, it } from 'vitest';
import { antdTheme } from '@/client/theme';
import { readableOnTint, readableUnderWhite } from '@/lib/palette';

function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
const contrast = (a: string, b: string) =>
  (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);

describe('readable colours', () => {
  it('deepens the brand colour and light hues until white initials on them read at 4.5:1', () => {
    for (const colour of ['#796CFF', '#D48806', '#13A8A8', '#FAAD14']) {
      expect(contrast(readableUnderWhite(colour), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves a colour that is already dark enough as it is', () => {
    expect(readableUnderWhite('#434343')).toBe('#434343');
  });

  it('gives badge text that reads on its own pale tint', () => {
    // The tint: the colour at alpha 0x22 over white.
    const tint = (hex: string) => `#${[1, 3, 5].map((at) => {
      const c = parseInt(hex.slice(at, at + 2), 16);
      return Math.round(255 + (c - 255) * (0x22 / 255)).toString(16).padStart(2, '0');
    }).join('')}`;
    for (const colour of ['#796CFF', '#52C41A', '#FAAD14', '#FF4D4F']) {
      expect(contrast(readableOnTint(colour), tint(colour))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes the text antd draws in colour on white at 4.5:1: links, danger buttons and field errors', () => {
    const { token, components } = antdTheme;
    for (const colour of [token?.colorLink, components?.Button?.colorError, components?.Form?.colorError]) {
      expect(contrast(String(colour), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
