import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from '@/components/common/StatusBadge';
import { statusColors, type BadgeStatus } from '@/lib/constants';
import { readableOnTint } from '@/lib/palette';

/** "#RRGGBB" (+ optional "AA") as the browser reports it. */
function cssColour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  if (hex.length === 7) return `rgb(${r}, ${g}, ${b})`;
  const alpha = Number((parseInt(hex.slice(7, 9), 16) / 255).toFixed(3));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

describe('StatusBadge', () => {
  it.each(Object.entries(statusColors) as Array<[BadgeStatus, string]>)(
    'draws %s on its colour (%s) with alpha 22, the text in that colour deepened to read',
    (status, colour) => {
      render(<StatusBadge status={status}>{status}</StatusBadge>);
      const style = getComputedStyle(screen.getByText(status));
      expect(style.color).toBe(cssColour(readableOnTint(colour)));
      expect(style.backgroundColor).toBe(cssColour(`${colour}22`));
    },
  );
});
