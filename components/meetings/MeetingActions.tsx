import { AppstoreOutlined, LayoutOutlined, MessageOutlined, SmileOutlined, TeamOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Tooltip, type ButtonProps } from 'antd';
import styled from 'styled-components';
import { MEETING_REACTIONS, type MeetingReaction } from '@/lib/contract/meetings';

export type MeetingLayout = 'grid' | 'speaker';
export type SidePanel = 'chat' | 'people';

/** What each reaction says, for screen readers and tooltips. */
export const reactionNames: Record<MeetingReaction, string> = {
  '👍': 'Thumbs up',
  '👏': 'Applause',
  '😂': 'Laughing',
  '❤️': 'Heart',
  '🎉': 'Celebration',
  '😮': 'Surprised',
};

const Emoji = styled.span`
  font-size: 18px;
  line-height: 1;
`;

const Reactions = styled.div`
  display: flex;
  gap: 4px;

  .ant-btn {
    font-size: 22px;
  }
`;

/** A round control-bar button; the props a Tooltip or Popover adds (its ref and handlers) reach the antd Button. */
function BarButton({ label, pressed, ...rest }: ButtonProps & { label: string; pressed?: boolean }) {
  return <Button shape="circle" size="large" aria-label={label} aria-pressed={pressed} type={pressed ? 'primary' : 'default'} {...rest} />;
}

interface MeetingActionsProps {
  handRaised: boolean;
  onHand(raised: boolean): void;
  onReact(emoji: MeetingReaction): void;
  panel: SidePanel | null;
  onPanel(panel: SidePanel | null): void;
  /** Chat messages from others since the chat was last open. */
  unread: number;
  peopleCount: number;
  layout: MeetingLayout;
  onLayout(layout: MeetingLayout): void;
}

/** The control bar's meeting buttons: hand, reactions, chat, people and the layout. */
export function MeetingActions(props: MeetingActionsProps) {
  const { handRaised, panel, unread, peopleCount, layout } = props;
  const hand = handRaised ? 'Lower hand' : 'Raise hand';
  const toggle = (which: SidePanel) => props.onPanel(panel === which ? null : which);
  const chat = unread > 0 ? `Chat, ${unread} unread` : 'Chat';
  return (
    <>
      <Tooltip title={hand}>
        <BarButton label={hand} pressed={handRaised} icon={<Emoji aria-hidden>✋</Emoji>} onClick={() => props.onHand(!handRaised)} />
      </Tooltip>
      <Popover
        trigger="click"
        placement="top"
        content={
          <Reactions role="group" aria-label="Reactions">
            {MEETING_REACTIONS.map((emoji) => (
              <Tooltip key={emoji} title={reactionNames[emoji]}>
                <Button type="text" aria-label={`React with ${reactionNames[emoji]}`} onClick={() => props.onReact(emoji)}>
                  {emoji}
                </Button>
              </Tooltip>
            ))}
          </Reactions>
        }
      >
        <Tooltip title="Send a reaction">
          <BarButton label="Send a reaction" icon={<SmileOutlined />} />
        </Tooltip>
      </Popover>
      <Tooltip title="Chat with everyone">
        <Badge count={panel === 'chat' ? 0 : unread} size="small" offset={[-4, 4]}>
          <BarButton label={chat} pressed={panel === 'chat'} icon={<MessageOutlined />} onClick={() => toggle('chat')} />
        </Badge>
      </Tooltip>
      <Tooltip title="People">
        <BarButton label={`People (${peopleCount})`} pressed={panel === 'people'} icon={<TeamOutlined />} onClick={() => toggle('people')} />
      </Tooltip>
      <Tooltip title={layout === 'grid' ? 'Show the speaker large' : 'Show everyone the same size'}>
        <BarButton
          label={layout === 'grid' ? 'Speaker layout' : 'Grid layout'}
          icon={layout === 'grid' ? <LayoutOutlined /> : <AppstoreOutlined />}
          onClick={() => props.onLayout(layout === 'grid' ? 'speaker' : 'grid')}
        />
      </Tooltip>
    </>
  );
}
