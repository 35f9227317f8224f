import styled from 'styled-components';
import { colors, readableUnderWhite } from '@/lib/palette';
import { initialsOf } from './format';

const Square = styled.span<{ $colour: string; $size: number }>`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ $size }) => Math.round($size / 4)}px;
  background: ${({ $colour }) => readableUnderWhite($colour)};
  font-weight: 600;
  font-size: ${({ $size }) => Math.round($size * 0.38)}px;
  letter-spacing: 0.02em;

  /* Doubled, so a card's own text colour for its spans never greys the initials: they are white on every hub colour. */
  && {
    color: ${colors.white};
  }
`;

/** A hub's (or person's) initials on their colour. */
export function HubAvatar({ name, colour, size = 44, round = false }: { name: string; colour: string; size?: number; round?: boolean }) {
  return (
    <Square $colour={colour} $size={size} style={round ? { borderRadius: '50%' } : undefined} aria-hidden="true">
      {initialsOf(name)}
    </Square>
  );
}
