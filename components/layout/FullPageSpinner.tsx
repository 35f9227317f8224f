import styled from 'styled-components';
import { Spinner } from '@/components/ui/Spinner';

const Centre = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100vh;
`;

/** Where a page has no frame to draw yet (its layout's code, or which layout, is still unknown): never a blank page. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Centre role="status" aria-live="polite" aria-label={label}>
      <Spinner size="large" />
    </Centre>
  );
}
