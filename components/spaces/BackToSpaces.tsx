import Link from 'next/link';
import { ArrowLeftOutlined } from '@ant-design/icons';
import styled from 'styled-components';
import { colors } from '@/lib/palette';

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-bottom: 16px;
  font-size: 14px;
  color: ${colors.textSecondary};
`;

/** The way back from a space's pages to the hub's list of spaces. */
export function BackToSpaces() {
  return (
    <Back href="/">
      <ArrowLeftOutlined /> All spaces
    </Back>
  );
}
