import styled from 'styled-components';
import { SkeletonBlock } from '@/components/ui/Skeleton';

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;

  .cards {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
    gap: 16px;
    margin-top: 8px;
  }
`;

/**
 * A page's content while it cannot be shown yet (the session is being
 * restored, or its code is loading): the outline of a title and cards,
 * nothing of anyone's data.
 */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <Frame role="status" aria-live="polite" aria-label={label} aria-busy="true">
      <SkeletonBlock $width="40%" $height={28} />
      <SkeletonBlock $width="65%" />
      <div className="cards">
        <SkeletonBlock $height={132} />
        <SkeletonBlock $height={132} />
      </div>
      <SkeletonBlock $width="90%" />
      <SkeletonBlock $width="75%" />
    </Frame>
  );
}
