import { useEffect, useState } from 'react';
import { ControlOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Switch, Tooltip } from 'antd';
import styled from 'styled-components';
import { colors } from '@/lib/palette';
import {
  readEffectSettings, saveEffectSettings, type EffectName, type EffectSettings,
} from '@/client/meetings/effects/effect-settings';
import { applyEffect, effectSupported, EffectError } from '@/client/meetings/effects/track-effects';

export const effectLabels: Record<EffectName, string> = {
  noiseSuppression: 'Noise suppression',
  blur: 'Blur background',
};

const EFFECTS: EffectName[] = ['noiseSuppression', 'blur'];

/** The person's effect choice, kept in this browser (the lobby renders in the browser only, once the meeting is loaded). */
export function useEffectSettings(): [EffectSettings, (effect: EffectName, on: boolean) => void] {
  const [settings, setSettings] = useState<EffectSettings>(readEffectSettings);
  const change = (effect: EffectName, on: boolean) =>
    setSettings((current) => {
      const next = { ...current, [effect]: on };
      saveEffectSettings(next);
      return next;
    });
  return [settings, change];
}

/** Which effects this browser can run, checked once per mounted control. */
function useSupport(): Record<EffectName, boolean> {
  const [support] = useState(() => ({ noiseSuppression: effectSupported('noiseSuppression'), blur: effectSupported('blur') }));
  return support;
}

/**
 * The lobby preview with the background blurred while `blur` is on (the
 * stream itself when off). A blur that cannot run is reported in `problem`
 * and turned off with `onFailed`.
 */
export function useBlurredPreview(stream: MediaStream | null, blur: boolean, onFailed: () => void) {
  // Each blurred picture belongs to the camera track it was made from.
  const [blurred, setBlurred] = useState<{ camera: MediaStreamTrack; stream: MediaStream } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const camera = stream?.getVideoTracks()[0] ?? null;

  useEffect(() => {
    if (!blur || !camera) return;
    let cancelled = false;
    let dispose: (() => void) | null = null;
    applyEffect('blur', camera).then(
      (processed) => {
        if (cancelled) {
          processed.dispose();
          return;
        }
        dispose = processed.dispose;
        setBlurred({ camera, stream: new MediaStream([processed.track]) });
      },
      (error: unknown) => {
        if (cancelled) return;
        setProblem(error instanceof EffectError ? error.message : new EffectError('blur', 'failed').message);
        onFailed();
      },
    );
    return () => {
      cancelled = true;
      dispose?.();
      setBlurred((current) => (current?.camera === camera ? null : current));
    };
    // onFailed is a fresh function each render; only the camera and the switch restart the blur.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blur, camera]);

  const preview = blur && blurred?.camera === camera ? blurred.stream : null;
  // A failure turns the blur off; the reason shows until it is switched on again.
  return { preview: blur ? preview : stream, problem: blur ? null : problem, starting: blur && Boolean(camera) && !preview };
}

const Notes = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${colors.stageTextSecondary};
`;

/** The lobby's effect checkboxes; an effect the browser cannot run is disabled and says so. */
export function LobbyEffects({ settings, problem, onChange }: {
  settings: EffectSettings;
  /** Why the last effect switched on did not start. */
  problem: string | null;
  onChange(effect: EffectName, on: boolean): void;
}) {
  const support = useSupport();
  return (
    <>
      {EFFECTS.map((effect) => (
        <Checkbox
          key={effect}
          checked={settings[effect] && support[effect]}
          disabled={!support[effect]}
          onChange={(e) => onChange(effect, e.target.checked)}
        >
          {effectLabels[effect]}
        </Checkbox>
      ))}
      {EFFECTS.filter((effect) => !support[effect]).map((effect) => (
        <Notes key={effect}>{new EffectError(effect, 'unsupported').message}</Notes>
      ))}
      {problem && <Notes role="alert">{problem}</Notes>}
    </>
  );
}

const Menu = styled.div`
  display: grid;
  gap: 12px;
  min-width: 220px;

  label {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 16px;
    cursor: pointer;
  }
`;

/** The control bar's effects button: a small menu with a switch per effect. */
export function EffectsMenu({ settings, onChange }: { settings: EffectSettings; onChange(effect: EffectName, on: boolean): Promise<void> }) {
  const support = useSupport();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<EffectName | null>(null);
  const toggle = (effect: EffectName, on: boolean) => {
    setBusy(effect);
    void onChange(effect, on).finally(() => setBusy(null));
  };
  return (
    <Popover
      trigger="click"
      placement="top"
      open={open}
      onOpenChange={setOpen}
      content={
        <Menu role="group" aria-label="Audio and video effects">
          {EFFECTS.map((effect) => (
            <Tooltip key={effect} title={support[effect] ? null : new EffectError(effect, 'unsupported').message}>
              <label htmlFor={`effect-${effect}`}>
                {effectLabels[effect]}
                <Switch
                  id={`effect-${effect}`}
                  checked={settings[effect]}
                  disabled={!support[effect] && !settings[effect]}
                  loading={busy === effect}
                  onChange={(on) => toggle(effect, on)}
                />
              </label>
            </Tooltip>
          ))}
        </Menu>
      }
    >
      {/* The button's tooltip would cover the open menu. */}
      <Tooltip title={open ? null : 'Effects'}>
        <Button shape="circle" size="large" aria-label="Audio and video effects" icon={<ControlOutlined />} />
      </Tooltip>
    </Popover>
  );
}
