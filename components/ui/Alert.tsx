import styled from 'styled-components';
import { CloseCircleIcon } from './icons';
import { tokens } from './tokens';

const Banner = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  margin-bottom: 20px;
  padding: 8px 12px;
  border: 1px solid ${tokens.errorBorder};
  border-radius: ${tokens.radiusLG}px;
  background: ${tokens.errorBg};
  font-size: ${tokens.fontSize}px;
  line-height: 1.5715;
  color: ${tokens.text};

  svg {
    flex: none;
    margin-top: 4px;
    color: ${tokens.error};
  }
`;

/** A failure banner, announced when it appears. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Banner role="alert">
      <CloseCircleIcon />
      <span>{message}</span>
    </Banner>
  );
}
