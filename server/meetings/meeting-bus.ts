import type { ChatMessage, ClientMessage, MediaState, MeetingReaction, Participant } from '../../lib/contract/meetings';

type SignalPayload = Pick<Extract<ClientMessage, { type: 'signal' }>, 'description' | 'candidate'>;

/**
 * What API nodes tell each other about one meeting. Every node serving a
 * participant of the meeting receives every event, its own included, so one
 * code path serves one node and many.
 */
export type BusEvent =
  | { kind: 'joined'; node: string; participant: Participant }
  | { kind: 'left'; node: string; peerId: string }
  | { kind: 'state'; node: string; peerId: string; state: MediaState }
  | { kind: 'hand'; node: string; peerId: string; handRaisedAt: string | null }
  | ({ kind: 'signal'; from: string; to: string } & SignalPayload)
  /** A chat message, already stored: every node hands it to all its participants, the sender's included. */
  | { kind: 'chat'; message: ChatMessage }
  | { kind: 'reaction'; peerId: string; emoji: MeetingReaction }
  /** The host turned one participant's microphone off. */
  | { kind: 'mute'; to: string; by: { id: string; name: string } }
  /** The host sent a person out: every node keeps them out until the meeting empties there. */
  | { kind: 'remove'; userId: string }
  /** A node that just started serving the meeting asks who is there… */
  | { kind: 'roll-call'; node: string }
  /** …and every node answers with its participants (and who was removed); nodes also repeat this as a heartbeat. */
  | { kind: 'present'; node: string; participants: Participant[]; removed: string[] };

export interface MeetingBus {
  publish(meetingId: string, event: BusEvent): Promise<void>;
  /** Resolves once subscribed; the returned function unsubscribes. */
  subscribe(meetingId: string, onEvent: (event: BusEvent) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
