import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ControlBar, type ControlBarProps } from '@/components/meetings/ControlBar';
import { renderWithApp } from '@/tests/render';

function renderBar(props: Partial<ControlBarProps> = {}) {
  const handlers = {
    onCamera: vi.fn(),
    onMic: vi.fn(),
    onScreen: vi.fn(),
    onCopyLink: vi.fn(),
    onLeave: vi.fn(),
  };
  const view = renderWithApp(
    <ControlBar cameraOn micOn sharing={false} canShare {...handlers} {...props} />,
  );
  return { ...view, ...handlers, bar: screen.getByRole('toolbar', { name: 'Meeting controls' }) };
}

describe('control bar', () => {
  it('offers to turn things off while they are on', async () => {
    const { user, bar, onCamera, onMic, onScreen, onCopyLink, onLeave } = renderBar();
    await user.click(within(bar).getByRole('button', { name: 'Turn camera off' }));
    expect(onCamera).toHaveBeenCalledWith(false);
    await user.click(within(bar).getByRole('button', { name: 'Mute microphone' }));
    expect(onMic).toHaveBeenCalledWith(false);
    await user.click(within(bar).getByRole('button', { name: 'Share screen' }));
    expect(onScreen).toHaveBeenCalledWith(true);
    await user.click(within(bar).getByRole('button', { name: 'Copy meeting link' }));
    expect(onCopyLink).toHaveBeenCalledTimes(1);
    await user.click(within(bar).getByRole('button', { name: 'Leave meeting' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('offers to turn things back on while they are off', async () => {
    const { user, bar, onCamera, onMic, onScreen } = renderBar({ cameraOn: false, micOn: false, sharing: true });
    expect(within(bar).queryByRole('button', { name: 'Turn camera off' })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Turn camera on' }));
    expect(onCamera).toHaveBeenCalledWith(true);
    await user.click(within(bar).getByRole('button', { name: 'Unmute microphone' }));
    expect(onMic).toHaveBeenCalledWith(true);
    await user.click(within(bar).getByRole('button', { name: 'Stop sharing' }));
    expect(onScreen).toHaveBeenCalledWith(false);
  });

  it('shows the microphone and the camera off alike: red, as antd keeps a solid danger button when hovered or focused', () => {
    const { bar } = renderBar({ cameraOn: false, micOn: false });
    const mic = within(bar).getByRole('button', { name: 'Unmute microphone' });
    const camera = within(bar).getByRole('button', { name: 'Turn camera on' });
    for (const button of [mic, camera]) {
      expect(button).toHaveClass('ant-btn-dangerous', 'ant-btn-variant-solid');
      expect(button).toHaveAttribute('aria-pressed', 'true');
    }
    expect(mic.className).toBe(camera.className);
  });

  it('shows them on in the bar’s plain style', () => {
    const { bar } = renderBar();
    for (const name of ['Mute microphone', 'Turn camera off']) {
      expect(within(bar).getByRole('button', { name })).not.toHaveClass('ant-btn-dangerous');
    }
  });

  it('disables screen sharing where the browser cannot share', () => {
    const { bar } = renderBar({ canShare: false });
    expect(within(bar).getByRole('button', { name: 'Share screen' })).toBeDisabled();
  });
});
