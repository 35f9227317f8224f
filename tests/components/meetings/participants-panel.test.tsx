import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Participant } from '@/lib/contract/meetings';
import { ParticipantsPanel } from '@/components/meetings/ParticipantsPanel';
import { renderWithApp } from '@/tests/render';

const person = (name: string, change: Partial<Participant> = {}): Participant => ({
  peer_id: `${name.toLowerCase()}-peer`,
  user: { id: name, name },
  state: { audio: true, video: true, screen: null },
  host: false,
  hand_raised_at: null,
  ...change,
});

const me = person('Dana');
const ana = person('Ana', { host: true, state: { audio: false, video: false, screen: null } });
const bo = person('Bo', { hand_raised_at: '2026-01-01T10:00:09.000Z' });
const cy = person('Cy', { hand_raised_at: '2026-01-01T10:00:03.000Z' });

function renderPanel(self: Participant, participants: Participant[]) {
  const onMute = vi.fn();
  const onRemove = vi.fn();
  const view = renderWithApp(
    <ParticipantsPanel
      self={self}
      selfName="Dana Demo"
      selfMedia={{ audio: false, video: true, screen: null }}
      participants={participants}
      onMute={onMute}
      onRemove={onRemove}
    />,
  );
  return { ...view, onMute, onRemove };
}

const rows = () => screen.getAllByTestId('participant');
const rowOf = (name: string) => {
  const row = rows().find((r) => r.getAttribute('data-name') === name);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('people panel', () => {
  it('lists raised hands first in the order they went up, then everyone as they came, with their mic, camera and host tag', () => {
    renderPanel({ ...me, hand_raised_at: '2026-01-01T10:00:05.000Z' }, [ana, bo, cy]);
    expect(rows().map((r) => r.getAttribute('data-name'))).toEqual(['Cy', 'Dana Demo', 'Bo', 'Ana']);
    expect(rows().map((r) => r.getAttribute('data-hand-raised'))).toEqual(['true', 'true', 'true', 'false']);
    expect(within(rowOf('Dana Demo')).getByText('Dana Demo (you)')).toBeInTheDocument();
    // One's own row follows one's own buttons, not what the server last heard.
    expect(within(rowOf('Dana Demo')).getByRole('img', { name: 'Microphone off' })).toBeInTheDocument();
    expect(within(rowOf('Ana')).getByText('Host')).toBeInTheDocument();
    expect(within(rowOf('Ana')).getByRole('img', { name: 'Camera off' })).toBeInTheDocument();
    expect(within(rowOf('Bo')).getByRole('img', { name: 'Microphone on' })).toBeInTheDocument();
    expect(within(rowOf('Bo')).getByRole('img', { name: 'Hand raised' })).toBeInTheDocument();
    expect(within(rowOf('Bo')).queryByText('Host')).toBeNull();
  });

  it('offers no actions on others to someone who is not the host', () => {
    renderPanel(me, [ana, bo]);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('lets the host mute someone, and remove them after confirming', async () => {
    const { user, onMute, onRemove } = renderPanel({ ...me, host: true }, [ana, bo]);
    expect(screen.queryByRole('button', { name: 'Actions for Dana Demo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions for Bo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute microphone' }));
    expect(onMute).toHaveBeenCalledWith('bo-peer');

    await user.click(screen.getByRole('button', { name: 'Actions for Bo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from meeting' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Bo from the meeting?');
    expect(onRemove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith('bo-peer'));
  });
});
