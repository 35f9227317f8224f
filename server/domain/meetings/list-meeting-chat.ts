import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { meetingMessages, meetings, users } from '../../db/schema';
import type { ChatMessage } from '../../../lib/contract/meetings';

/** Chat a joiner is shown at most; older messages of a long meeting stay in the database and its summary. */
export const MEETING_CHAT_HISTORY = 200;

/**
 * The chat of the meeting's current run (since it last emptied and was
 * summarized), the last MEETING_CHAT_HISTORY messages, oldest first.
 */
export async function listMeetingChat(opts: { db: Database; hubId: string; meetingId: string }): Promise<ChatMessage[]> {
  const rows = await opts.db
    .select({ message: meetingMessages, userName: users.name })
    .from(meetingMessages)
    .innerJoin(meetings, eq(meetings.id, meetingMessages.meetingId))
    .innerJoin(users, eq(users.id, meetingMessages.userId))
    .where(and(
      eq(meetingMessages.hubId, opts.hubId),
      eq(meetingMessages.meetingId, opts.meetingId),
      or(isNull(meetings.summarizedAt), gt(meetingMessages.createdAt, meetings.summarizedAt)),
    ))
    .orderBy(desc(meetingMessages.createdAt), desc(meetingMessages.id))
    .limit(MEETING_CHAT_HISTORY);
  return rows.reverse().map(({ message, userName }) => ({
    id: message.id,
    peer_id: message.peerId,
    user: { id: message.userId, name: userName },
    text: message.text,
    sent_at: message.createdAt.toISOString(),
  }));
}
