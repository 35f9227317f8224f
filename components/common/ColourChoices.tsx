import { CheckOutlined } from '@ant-design/icons';
import { Radio, type RadioGroupProps } from 'antd';
import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors, hues } from '@/lib/palette';

/** The hub colours offered: the brand colour first, then distinct, readable ones under white initials. */
const HUB_COLOURS = [
  { value: theme.primaryColor, label: 'Violet' },
  { value: hues.blue, label: 'Blue' },
  { value: hues.teal, label: 'Teal' },
  { value: hues.green, label: 'Green' },
  { value: hues.amber, label: 'Amber' },
  { value: hues.orange, label: 'Orange' },
  { value: hues.magenta, label: 'Magenta' },
  { value: hues.graphite, label: 'Graphite' },
] as const;

/** A hub colour's name: one of the offered colours, else "Custom" (set elsewhere). */
export const colourName = (value: string): string =>
  HUB_COLOURS.find((c) => c.value.toUpperCase() === value.toUpperCase())?.label ?? 'Custom';

const Swatches = styled(Radio.Group)`
  display: flex !important;
  flex-wrap: wrap;
  gap: 10px;
`;

const Swatch = styled(Radio)<{ $colour: string }>`
  margin: 0;

  /* The native radio stays for keyboard and screen readers; the swatch is what is seen. */
  .ant-radio {
    position: absolute;
    opacity: 0;
  }

  .ant-radio-label {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border-radius: 8px;
    color: ${colors.white};
    background: ${({ $colour }) => $colour};
    box-shadow: 0 0 0 2px ${colors.white}, 0 0 0 2px transparent;
    transition: box-shadow 0.2s;
  }

  &.ant-radio-wrapper-checked .ant-radio-label,
  &:focus-within .ant-radio-label {
    box-shadow: 0 0 0 2px ${colors.white}, 0 0 0 4px ${({ $colour }) => $colour};
  }
`;

/** The hub colour as a row of swatches; a colour not on the list (set elsewhere) is kept as one more. */
export function ColourChoices({ value, ...group }: Omit<RadioGroupProps, 'options' | 'children'>) {
  const current = typeof value === 'string' ? value.toUpperCase() : undefined;
  const colours = [
    ...HUB_COLOURS,
    ...(current && !HUB_COLOURS.some((c) => c.value.toUpperCase() === current) ? [{ value: current, label: 'Current' }] : []),
  ];
  return (
    <Swatches aria-label="Colour" value={current} {...group}>
      {colours.map((colour) => (
        <Swatch key={colour.value} value={colour.value.toUpperCase()} $colour={colour.value} aria-label={colour.label}>
          {/* antd renders no label box without children; the box is the swatch. */}
          <span aria-hidden>{current === colour.value.toUpperCase() && <CheckOutlined />}</span>
        </Swatch>
      ))}
    </Swatches>
  );
}
