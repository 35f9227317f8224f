import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Select } from 'antd';
import styled from 'styled-components';
import type { Meeting } from '@/lib/contract/meetings';
import { colors } from '@/lib/palette';
import {
  deviceIdOf, listDevices, MediaError, mediaProblemMessages, openCameraAndMic, stopStream,
  type DeviceLists, type MediaProblem,
} from '@/client/meetings/local-media';
import type { JoinSettings } from '@/client/meetings/meeting-session';
import { LobbyEffects, useBlurredPreview, useEffectSettings } from './EffectsToggles';
import { useMediaElement } from './useMediaElement';

const Layout = styled.div`
  display: grid;
  gap: 24px;
  width: 100%;
  max-width: 1040px;
  margin: 0 auto;
  padding: 32px 16px;
  color: ${colors.white};

  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: center;
  }

  h1 {
    margin: 0 0 4px;
    font-size: 24px;
    font-weight: 600;
    color: ${colors.white};
    overflow-wrap: anywhere;
  }

  .code {
    margin: 0 0 20px;
    color: ${colors.stageTextSecondary};
  }

  label.field {
    display: block;
    margin: 12px 0 6px;
    font-size: 13px;
    color: ${colors.stageText};
  }

  .ant-checkbox-wrapper {
    color: ${colors.white};
  }
`;

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  width: 100%;
  max-width: 1040px;
  margin: 0 auto;
  padding: 16px 16px 0;
  font-size: 14px;
  color: ${colors.stageText};

  a {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    color: ${colors.white};
  }

  a:hover,
  a:focus-visible {
    color: ${colors.stageText};
  }

  .hub {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** Where leaving the lobby goes: the meeting's space, else the hub home. */
const lobbyExit = (meeting: Meeting) =>
  meeting.space ? { href: `/spaces/${meeting.space.id}`, label: `Back to ${meeting.space.name}` } : { href: '/', label: 'Back to the hub' };

const Preview = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: 12px;
  background: ${colors.stageSurface};

  video {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transform: scaleX(-1);
  }

  .off {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    color: ${colors.stageTextSecondary};
    background: ${colors.stageSurface};
  }
`;

export const meetingTitle = (meeting: Meeting) =>
  meeting.space ? `${meeting.organization.name} / ${meeting.space.name}` : meeting.organization.name;

interface DevicePickerProps {
  kind: 'Camera' | 'Microphone';
  devices: MediaDeviceInfo[];
  value: string | null;
  /** No devices because of a permission or device problem (rather than none chosen yet). */
  unavailable: boolean;
  onChange(id: string): void;
}

/** A labelled picker of one kind of device; disabled when there is none. */
function DevicePicker({ kind, devices, value, unavailable, onChange }: DevicePickerProps) {
  const id = `lobby-${kind.toLowerCase()}`;
  return (
    <>
      <label className="field" htmlFor={id}>
        {kind}
      </label>
      <Select
        id={id}
        style={{ width: '100%' }}
        value={devices.length && value ? value : undefined}
        placeholder={unavailable ? `No ${kind.toLowerCase()} available` : `Default ${kind.toLowerCase()}`}
        options={devices.map((d, index) => ({ value: d.deviceId, label: d.label || `${kind} ${index + 1}` }))}
        disabled={devices.length === 0}
        onChange={onChange}
      />
    </>
  );
}

/**
 * Before joining: one's own preview, the camera and microphone to use, and
 * whether to start muted or with the camera off. Without permission or
 * devices it says so and still lets the person join to listen and watch.
 */
export function MeetingLobby({ meeting, onJoin }: { meeting: Meeting; onJoin(settings: JoinSettings): void }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] });
  // Only a choice made in the lobby reopens the devices; until then the browser's defaults are used.
  const [choice, setChoice] = useState<{ cameraId: string | null; micId: string | null }>({ cameraId: null, micId: null });
  const [startMuted, setStartMuted] = useState(false);
  const [startCameraOff, setStartCameraOff] = useState(false);
  const [opening, setOpening] = useState(true);
  const [effects, setEffect] = useEffectSettings();
  // No blur runs for a preview nobody sees (camera off).
  const blurred = useBlurredPreview(stream, effects.blur && !startCameraOff, () => setEffect('blur', false));
  // The stream handed to the meeting on Join must not be stopped when the lobby goes away.
  const handedOver = useRef<MediaStream | null>(null);
  const { ref } = useMediaElement(startCameraOff ? null : blurred.preview, true);

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    openCameraAndMic(choice)
      .then(async (media) => {
        if (cancelled) {
          stopStream(media);
          return;
        }
        opened = media;
        setStream(media);
        setProblem(null);
        // Labels are only readable once the page may use the devices, so list them after opening.
        const lists = await listDevices().catch(() => ({ cameras: [], microphones: [] }));
        if (cancelled) return;
        setDevices(lists);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setStream(null);
        setProblem(error instanceof MediaError ? error.problem : 'failed');
      })
      .finally(() => {
        if (!cancelled) setOpening(false);
      });
    return () => {
      cancelled = true;
      if (opened && handedOver.current !== opened) stopStream(opened);
    };
  }, [choice]);

  const cameraId = choice.cameraId ?? deviceIdOf(stream?.getVideoTracks()[0]);
  const micId = choice.micId ?? deviceIdOf(stream?.getAudioTracks()[0]);

  const join = () => {
    handedOver.current = stream;
    onJoin({ audio: !startMuted, video: !startCameraOff, cameraId, micId, stream, effects });
  };

  const hasCamera = (stream?.getVideoTracks().length ?? 0) > 0;

  const exit = lobbyExit(meeting);
  return (
    <>
      <Bar>
        <Link href={exit.href}>
          <ArrowLeftOutlined aria-hidden />
          {exit.label}
        </Link>
        <span className="hub">{meeting.organization.name}</span>
      </Bar>
      <Layout>
        <Preview>
          <video ref={ref} data-testid="lobby-preview" autoPlay playsInline muted />
          {(startCameraOff || !hasCamera) && !opening && (
            <div className="off">{startCameraOff ? 'Your camera is off' : 'No camera'}</div>
          )}
          {blurred.starting && !startCameraOff && <div className="off">Blurring your background…</div>}
        </Preview>
        <div>
          <h1>{meetingTitle(meeting)}</h1>
          <p className="code">Meeting {meeting.code}</p>
          {problem && (
            <Alert type={problem === 'blocked' ? 'warning' : 'info'} showIcon title={mediaProblemMessages[problem]} style={{ marginBottom: 12 }} />
          )}
          <DevicePicker
            kind="Camera"
            devices={devices.cameras}
            value={cameraId}
            unavailable={Boolean(problem)}
            onChange={(id) => setChoice((c) => ({ ...c, cameraId: id }))}
          />
          <DevicePicker
            kind="Microphone"
            devices={devices.microphones}
            value={micId}
            unavailable={Boolean(problem)}
            onChange={(id) => setChoice((c) => ({ ...c, micId: id }))}
          />
          <div style={{ display: 'grid', gap: 8, margin: '16px 0 20px' }}>
            <Checkbox checked={startMuted} onChange={(e) => setStartMuted(e.target.checked)}>
              Join with microphone muted
            </Checkbox>
            <Checkbox checked={startCameraOff} onChange={(e) => setStartCameraOff(e.target.checked)}>
              Join with camera off
            </Checkbox>
            <LobbyEffects settings={effects} problem={blurred.problem} onChange={setEffect} />
          </div>
          <Button type="primary" size="large" block onClick={join} disabled={opening && !problem}>
            Join meeting
          </Button>
        </div>
      </Layout>
    </>
  );
}
