import styled from 'styled-components';
import { Spinner } from '@/components/ui/Spinner';

const Centre = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
`;

/** Shown while the session is being restored or a redirect is on its way: never a blank page. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Centre role="status" aria-live="polite" aria-label={label}>
      <Spinner size="large" />
    </Centre>
  );
}
