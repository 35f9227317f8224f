import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EffectsMenu } from '@/components/meetings/EffectsToggles';
import { renderWithApp } from '@/tests/render';

afterEach(() => vi.unstubAllGlobals());

describe('effects menu', () => {
  it('switches an effect the browser can run, and disables one it cannot', async () => {
    // Noise suppression can run; jsdom's canvas has no stream, so the blur cannot.
    vi.stubGlobal('AudioContext', class {});
    vi.stubGlobal('AudioWorkletNode', class {});
    vi.stubGlobal('MediaStream', class {});
    let finish = () => undefined as void;
    const onChange = vi.fn(() => new Promise<void>((resolve) => {
      finish = resolve;
    }));
    const { user } = renderWithApp(<EffectsMenu settings={{ noiseSuppression: false, blur: false }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Audio and video effects' }));

    const noise = await screen.findByRole('switch', { name: 'Noise suppression' });
    expect(noise).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Blur background' })).toBeDisabled();

    await user.click(noise);
    expect(onChange).toHaveBeenCalledWith('noiseSuppression', true);
    // Busy until the session has swapped the track.
    expect(noise).toHaveClass('ant-switch-loading');
    finish();
    await waitFor(() => expect(noise).not.toHaveClass('ant-switch-loading'));
  });

  it('lets an effect that is on be switched off even where it could not start again', async () => {
    const onChange = vi.fn(async () => undefined);
    const { user } = renderWithApp(<EffectsMenu settings={{ noiseSuppression: false, blur: true }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Audio and video effects' }));
    const blur = await screen.findByRole('switch', { name: 'Blur background' });
    expect(blur).toBeChecked();
    await user.click(blur);
    expect(onChange).toHaveBeenCalledWith('blur', false);
  });
});
