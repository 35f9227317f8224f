import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Participant, ServerMessage } from '../../lib/contract/meetings';
import { createLocalMeetingBus } from './local-meeting-bus';
import { createSignallingService } from './signalling-service';

function peer(id: string) {
  const received: ServerMessage[] = [];
  const participant: Participant = {
    peer_id: id,
    user: { id: `user-${id}`, name: id },
    state: { audio: true, video: true, screen: null },
    host: false,
    hand_raised_at: null,
  };
  return { received, local: { participant, send: (m: ServerMessage) => received.push(m), kick: () => undefined } };
}

afterEach(() => vi.useRealTimers());

describe('raised hands', () => {
  it('gives hands raised within the same millisecond distinct, increasing times', async () => {
    const service = createSignallingService({ bus: createLocalMeetingBus(), maxParticipants: 8, presenceIntervalMs: 60_000 });
    const a = peer('a');
    const b = peer('b');
    await service.join('m', a.local);
    await service.join('m', b.local);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00.000Z') });
    await service.setHand('m', 'a', true);
    await service.setHand('m', 'b', true);
    const times = a.received.flatMap((m) => (m.type === 'peer-hand' ? [m.hand_raised_at] : []));
    expect(times).toEqual(['2026-11-26T10:00:00.000Z', '2026-11-26T10:00:00.001Z']);
    await service.close();
  });
});
