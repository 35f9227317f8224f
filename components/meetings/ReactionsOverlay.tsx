import styled, { keyframes } from 'styled-components';
import { REACTION_SHOW_MS, type FloatingReaction } from '@/client/meetings/meeting-session';
import { reactionNames } from './MeetingActions';

const rise = keyframes`
  0% { opacity: 0; transform: translateY(16px) scale(0.8); }
  12% { opacity: 1; transform: translateY(0) scale(1.1); }
  75% { opacity: 1; }
  100% { opacity: 0; transform: translateY(-120px) scale(1); }
`;

const fade = keyframes`
  0%, 80% { opacity: 1; }
  100% { opacity: 0; }
`;

const Layer = styled.div`
  position: absolute;
  left: 16px;
  bottom: 48px;
  display: flex;
  gap: 6px;
  pointer-events: none;

  span {
    font-size: 40px;
    line-height: 1;
    filter: drop-shadow(0 2px 6px rgba(0, 0, 0, 0.45));
    /* Ends as the session drops the reaction. */
    animation: ${rise} ${REACTION_SHOW_MS}ms ease-out forwards;
  }

  @media (prefers-reduced-motion: reduce) {
    span {
      animation-name: ${fade};
    }
  }
`;

/** Reactions floating up over their sender's tile. */
export function ReactionsOverlay({ name, reactions }: { name: string; reactions: FloatingReaction[] }) {
  if (reactions.length === 0) return null;
  return (
    <Layer>
      {reactions.map((reaction) => (
        <span key={reaction.id} data-testid="reaction" role="img" aria-label={`${name}: ${reactionNames[reaction.emoji]}`}>
          {reaction.emoji}
        </span>
      ))}
    </Layer>
  );
}
