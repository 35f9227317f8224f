import styled from 'styled-components';
import { theme } from '@/lib/constants';
import { colors } from '@/lib/palette';

/** A list of meters: wrap UsageMeter items in it. */
export const UsageList = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: baseline;
    column-gap: 12px;
  }

  .label {
    font-size: 13px;
    color: ${colors.textSecondary};
  }

  .value {
    font-size: 13px;
    font-weight: 500;
    color: ${colors.heading};
  }
`;

const Track = styled.span`
  grid-column: 1 / -1;
  height: 6px;
  margin-top: 4px;
  overflow: hidden;
  border-radius: 3px;
  background: ${colors.track};
`;

const Fill = styled.span<{ $percent: number }>`
  display: block;
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  border-radius: 3px;
  background: ${({ $percent }) => ($percent >= 90 ? colors.error : theme.primaryColor)};
`;

const percent = (used: number, limit: number) => (limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0);

/** One quota of the plan: "Members 3 of 10" and a bar that turns red near the limit. */
export function UsageMeter({ label, text, used, limit }: { label: string; text: string; used: number; limit: number }) {
  const value = percent(used, limit);
  return (
    <li>
      <span className="label">{label}</span>
      <span className="value">{text}</span>
      <Track role="progressbar" aria-label={`${label}: ${text}`} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
        <Fill $percent={value} />
      </Track>
    </li>
  );
}
