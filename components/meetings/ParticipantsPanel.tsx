import { AudioMutedOutlined, AudioOutlined, MoreOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tag } from 'antd';
import styled from 'styled-components';
import type { MediaState, Participant } from '@/lib/contract/meetings';
import { colors } from '@/lib/palette';
import { PersonAvatar } from '@/components/common/PersonAvatar';
import { CameraOff } from './ControlBar';
import { RaisedHand } from './RaisedHand';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  overflow-y: auto;

  li {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 48px;
    padding: 6px 0;
  }

  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: ${colors.white};
  }

  .state {
    display: inline-flex;
    align-items: center;
    gap: 10px;
    font-size: 16px;
    color: ${colors.stageTextSecondary};
  }

  .off {
    color: ${colors.error};
  }
`;

interface Person {
  participant: Participant;
  self: boolean;
}

/** Raised hands first, in the order they went up; then everyone else as they came (oneself first). */
export function peopleInOrder(people: Person[]): Person[] {
  const raised = people
    .filter((p) => p.participant.hand_raised_at !== null)
    .sort((a, b) => (a.participant.hand_raised_at ?? '').localeCompare(b.participant.hand_raised_at ?? ''));
  return [...raised, ...people.filter((p) => p.participant.hand_raised_at === null)];
}

interface ParticipantsPanelProps {
  /** Oneself as the server knows one (host flag, hand); null until welcomed. */
  self: Participant | null;
  selfName: string;
  /** One's own microphone and camera, as they are now. */
  selfMedia: MediaState;
  participants: Participant[];
  onMute(peerId: string): void;
  onRemove(peerId: string): void;
}

/** Everyone in the meeting with their microphone and camera; the host may mute or remove the others. */
export function ParticipantsPanel({ self, selfName, selfMedia, participants, onMute, onRemove }: ParticipantsPanelProps) {
  const { modal } = App.useApp();
  const host = self?.host === true;
  const me: Person[] = self ? [{ participant: { ...self, user: { ...self.user, name: selfName }, state: selfMedia }, self: true }] : [];
  const people = peopleInOrder([...me, ...participants.map((participant) => ({ participant, self: false }))]);

  const confirmRemove = ({ peer_id: peerId, user }: Participant) =>
    modal.confirm({
      title: `Remove ${user.name} from the meeting?`,
      content: 'They leave at once and cannot join this meeting again.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () => onRemove(peerId),
    });

  return (
    <List aria-label="People in the meeting">
      {people.map(({ participant, self: isSelf }) => {
        const { peer_id: peerId, user, state } = participant;
        const raised = participant.hand_raised_at !== null;
        return (
          <li key={peerId} data-testid="participant" data-peer-id={peerId} data-name={user.name} data-hand-raised={String(raised)}>
            <PersonAvatar name={user.name} size={32} />
            <span className="name">{isSelf ? `${user.name} (you)` : user.name}</span>
            {participant.host && <Tag color={colors.primaryFill}>Host</Tag>}
            <span className="state">
              {raised && <RaisedHand />}
              {state.audio ? (
                <AudioOutlined aria-label="Microphone on" role="img" />
              ) : (
                <AudioMutedOutlined className="off" aria-label="Microphone off" role="img" />
              )}
              {state.video ? (
                <VideoCameraOutlined aria-label="Camera on" role="img" />
              ) : (
                <CameraOff className="off" aria-label="Camera off" role="img">
                  <VideoCameraOutlined aria-hidden />
                </CameraOff>
              )}
            </span>
            {host && !isSelf && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'mute', label: 'Mute microphone', disabled: !state.audio },
                    { key: 'remove', label: 'Remove from meeting', danger: true },
                  ],
                  onClick: ({ key }) => (key === 'mute' ? onMute(peerId) : confirmRemove(participant)),
                }}
              >
                <Button type="text" shape="circle" aria-label={`Actions for ${user.name}`} icon={<MoreOutlined />} />
              </Dropdown>
            )}
          </li>
        );
      })}
    </List>
  );
}
