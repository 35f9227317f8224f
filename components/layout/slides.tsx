import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors, illustrationColors, readableOnTint } from '@/lib/palette';

/** Small drawn product scenes for the auth slider (no images to download). */

const Frame = styled.div`
  width: min(420px, 100%);
  padding: 20px;
  border-radius: 16px;
  background: ${colors.white};
  box-shadow:
    0 1px 2px rgba(22, 22, 29, 0.04),
    0 24px 48px -12px rgba(60, 48, 170, 0.25);
  text-align: left;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Bar = styled.span<{ $w: number; $tone?: 'dark' | 'light' }>`
  display: block;
  height: 8px;
  width: ${({ $w }) => $w}px;
  border-radius: 4px;
  background: ${({ $tone }) => ($tone === 'dark' ? illustrationColors.ink : colors.borderStrong)};
`;

const Square = styled.span<{ $bg: string; $size?: number }>`
  flex: none;
  display: grid;
  place-items: center;
  width: ${({ $size = 36 }) => $size}px;
  height: ${({ $size = 36 }) => $size}px;
  border-radius: 10px;
  background: ${({ $bg }) => $bg};
  color: ${colors.white};
  font-weight: 700;
  font-size: 14px;
`;

const Avatars = styled.div`
  display: flex;
  margin-left: auto;

  span {
    width: 26px;
    height: 26px;
    border-radius: 50%;
    border: 2px solid ${colors.white};
    margin-left: -8px;
  }
`;

const Stack = styled.div`
  display: grid;
  gap: 10px;
  margin-top: 16px;
`;

const Item = styled(Row)`
  padding: 10px 12px;
  border: 1px solid ${colors.track};
  border-radius: 10px;
`;

const Tag = styled.span<{ $color: string }>`
  margin-left: auto;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: 11px;
  font-weight: 600;
  /* The hue itself is too light for 11px text on its own tint. */
  color: ${({ $color }) => readableOnTint($color)};
  background: ${({ $color }) => `${$color}22`};
`;

export function HubsScene() {
  return (
    <Frame>
      <Row>
        <Square $bg={theme.primaryColor}>A</Square>
        <div style={{ display: 'grid', gap: 6 }}>
          <Bar $w={120} $tone="dark" />
          <Bar $w={72} />
        </div>
        <Avatars aria-hidden="true">
          {[illustrationColors.amber, illustrationColors.emerald, illustrationColors.blue, illustrationColors.pink].map((c) => (
            <span key={c} style={{ background: c }} />
          ))}
        </Avatars>
      </Row>
      <Stack>
        {[
          { colour: illustrationColors.emerald, role: 'Owner' },
          { colour: illustrationColors.blue, role: 'Editor' },
          { colour: illustrationColors.amber, role: 'Viewer' },
        ].map(({ colour, role }) => (
          <Item key={role}>
            <Square $bg={colour} $size={28} />
            <Bar $w={110} />
            <Tag $color={theme.primaryColor}>{role}</Tag>
          </Item>
        ))}
      </Stack>
    </Frame>
  );
}

export function SpacesScene() {
  return (
    <Frame>
      <Row>
        <Bar $w={140} $tone="dark" />
      </Row>
      <Stack>
        {[
          { colour: colors.primary, label: 'Everyone', width: 150 },
          { colour: illustrationColors.sky, label: 'Shared', width: 120 },
          { colour: illustrationColors.rose, label: 'Private', width: 96 },
        ].map(({ colour, label, width }) => (
          <Item key={label}>
            <Square $bg={`${colour}22`} $size={28}>
              <svg width="14" height="16" viewBox="0 0 14 16" aria-hidden="true">
                <path d="M2 1h7l4 4v10H2z" fill="none" stroke={colour} strokeWidth="1.6" strokeLinejoin="round" />
              </svg>
            </Square>
            <Bar $w={width} />
            <Tag $color={colour}>{label}</Tag>
          </Item>
        ))}
      </Stack>
    </Frame>
  );
}

const Tiles = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;

  span {
    aspect-ratio: 16 / 10;
    border-radius: 10px;
    display: grid;
    place-items: center;
  }

  i {
    width: 34px;
    height: 34px;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.85);
  }
`;

const Controls = styled.div`
  display: flex;
  justify-content: center;
  gap: 10px;
  margin-top: 14px;

  span {
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: ${colors.track};
  }

  span:last-child {
    background: ${colors.error};
  }
`;

export function MeetingsScene() {
  return (
    <Frame>
      <Tiles aria-hidden="true">
        {[illustrationColors.lilac, illustrationColors.mint, illustrationColors.sand, illustrationColors.powder].map((c) => (
          <span key={c} style={{ background: c }}>
            <i />
          </span>
        ))}
      </Tiles>
      <Controls aria-hidden="true">
        <span />
        <span />
        <span />
      </Controls>
    </Frame>
  );
}
