import type { Database } from '../../db/connect';
import { meetingMessages } from '../../db/schema';
import type { ChatMessage } from '../../../lib/contract/meetings';

/** Keeps a chat message with its meeting (it goes into the space's summary) and answers it as everyone receives it. */
export async function saveChatMessage(opts: {
  db: Database;
  hubId: string;
  meetingId: string;
  user: { id: string; name: string };
  peerId: string;
  text: string;
}): Promise<ChatMessage> {
  const { db, user } = opts;
  const [saved] = await db
    .insert(meetingMessages)
    .values({ hubId: opts.hubId, meetingId: opts.meetingId, userId: user.id, peerId: opts.peerId, text: opts.text })
    .returning({ id: meetingMessages.id, createdAt: meetingMessages.createdAt });
  return { id: saved!.id, peer_id: opts.peerId, user, text: opts.text, sent_at: saved!.createdAt.toISOString() };
}
