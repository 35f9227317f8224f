import styled from 'styled-components';
import { breakpoints } from '@/lib/constants';
import { colors } from '@/lib/palette';
import { useAuthStore } from '@/store/auth';
import { Button } from '@/components/ui/Button';
import { tokens } from '@/components/ui/tokens';

const Bar = styled.div`
  position: fixed;
  top: 16px;
  left: 50%;
  z-index: 1100;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 8px 16px;
  width: max-content;
  max-width: calc(100vw - 32px);
  padding: 10px 12px 10px 16px;
  border: 1px solid ${colors.primaryBorder};
  border-radius: ${tokens.radiusLG}px;
  background: ${colors.white};
  box-shadow: 0 6px 16px rgba(22, 22, 29, 0.12);
  transform: translateX(-50%);
  font-size: ${tokens.fontSize}px;
  line-height: 1.5;
  color: ${tokens.text};

  p {
    margin: 0;
  }

  .detail {
    color: ${colors.textSecondary};
  }

  @media (max-width: ${breakpoints.sm - 1}px) {
    .detail {
      display: none;
    }
  }
`;

/**
 * Start-up could not reach the server: says so, keeps retrying in the
 * background (the auth store), and offers to retry at once. The page stays
 * where it is, and nothing saved on this device is touched.
 */
export function OfflineNotice() {
  const offline = useAuthStore((s) => s.offline);
  if (!offline) return null;
  return (
    <Bar role="status" aria-live="polite">
      <p>
        <strong>You’re offline — retrying…</strong> <span className="detail">Your drafts on this device are safe.</span>
      </p>
      <Button onClick={() => useAuthStore.getState().retryNow()}>Retry now</Button>
    </Bar>
  );
}
