import type { ReactNode } from 'react';
import {
  AudioMutedOutlined, AudioOutlined, DesktopOutlined, LinkOutlined, PhoneOutlined, VideoCameraOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import styled from 'styled-components';
import { breakpoints, video } from '@/lib/constants';
import { colors } from '@/lib/palette';

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  flex-wrap: wrap;
  width: fit-content;
  min-width: ${video.controlBarWidth}px;
  max-width: ${video.controlBarMaxWidth};
  margin: 0 auto;
  padding: 10px 16px;
  border-radius: 32px;
  background: ${colors.stageBar};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.35);

  /* A phone gives the bar its whole width, with smaller buttons (two rows when they need it). */
  @media (max-width: ${breakpoints.sm}px) {
    min-width: 0;
    max-width: calc(100% - 16px);
    gap: 6px;
    padding: 8px;

    .ant-btn.ant-btn-lg {
      width: 34px;
      min-width: 34px;
      height: 34px;
      padding: 0;
    }
  }
`;

/** Crossed-out camera for "camera off", built from the camera icon (antd has no such icon). */
export const CameraOff = styled.span`
  position: relative;
  display: inline-flex;

  &::after {
    content: '';
    position: absolute;
    left: 50%;
    top: -2px;
    bottom: -2px;
    width: 2px;
    background: currentColor;
    transform: rotate(45deg);
  }
`;

export interface ControlBarProps {
  cameraOn: boolean;
  micOn: boolean;
  sharing: boolean;
  /** Screen sharing exists in this browser. */
  canShare: boolean;
  onCamera(on: boolean): void;
  onMic(on: boolean): void;
  onScreen(on: boolean): void;
  onCopyLink(): void;
  onLeave(): void;
  /** More of the meeting's controls (hand, reactions, chat, people, layout), placed before Leave. */
  children?: ReactNode;
}

/**
 * A microphone or camera toggle: red while off (antd's solid danger button, which stays red
 * when hovered or focused), pressed meaning "off" for screen readers.
 */
function MediaToggle({ label, on, icon, onToggle }: { label: string; on: boolean; icon: ReactNode; onToggle(): void }) {
  return (
    <Tooltip title={label}>
      <Button
        shape="circle"
        size="large"
        aria-label={label}
        aria-pressed={!on}
        danger={!on}
        type={on ? 'default' : 'primary'}
        icon={icon}
        onClick={onToggle}
      />
    </Tooltip>
  );
}

/** The meeting's toggles: camera, microphone, screen, the link to share, and leaving. */
export function ControlBar(props: ControlBarProps) {
  const { cameraOn, micOn, sharing, canShare } = props;
  const camera = cameraOn ? 'Turn camera off' : 'Turn camera on';
  const mic = micOn ? 'Mute microphone' : 'Unmute microphone';
  const screen = sharing ? 'Stop sharing' : 'Share screen';
  return (
    <Bar role="toolbar" aria-label="Meeting controls">
      <MediaToggle
        label={mic}
        on={micOn}
        icon={micOn ? <AudioOutlined /> : <AudioMutedOutlined />}
        onToggle={() => props.onMic(!micOn)}
      />
      <MediaToggle
        label={camera}
        on={cameraOn}
        icon={cameraOn ? <VideoCameraOutlined /> : <CameraOff><VideoCameraOutlined /></CameraOff>}
        onToggle={() => props.onCamera(!cameraOn)}
      />
      <Tooltip title={canShare ? screen : 'This browser cannot share the screen'}>
        <Button
          shape="circle"
          size="large"
          aria-label={screen}
          aria-pressed={sharing}
          type={sharing ? 'primary' : 'default'}
          disabled={!canShare && !sharing}
          icon={<DesktopOutlined />}
          onClick={() => props.onScreen(!sharing)}
        />
      </Tooltip>
      <Tooltip title="Copy meeting link">
        <Button shape="circle" size="large" aria-label="Copy meeting link" icon={<LinkOutlined />} onClick={props.onCopyLink} />
      </Tooltip>
      {props.children}
      <Tooltip title="Leave meeting">
        <Button
          shape="round"
          size="large"
          danger
          type="primary"
          aria-label="Leave meeting"
          icon={<PhoneOutlined rotate={135} />}
          onClick={props.onLeave}
        />
      </Tooltip>
    </Bar>
  );
}
