import { createHmac } from 'node:crypto';

/** A meeting's VideoRoom on Janus: its number, and the secret and pin only the API knows. */
export interface SfuRoom {
  id: number;
  secret: string;
  pin: string;
}

/**
 * The room of a meeting, derived from the meeting id with a key every API
 * node shares (HMAC-SHA256): each node finds the same room without asking
 * another, and nobody without the key can guess the number, secret or pin.
 */
export function sfuRoomFor(opts: { key: Uint8Array; meetingId: string }): SfuRoom {
  const derive = (purpose: string) => createHmac('sha256', opts.key).update(`janus-room:${purpose}:${opts.meetingId}`).digest();
  // 48 bits: a safe integer in JSON, and collisions are negligible at any number of live meetings.
  const id = derive('id').readUIntBE(0, 6);
  return { id: id === 0 ? 1 : id, secret: derive('secret').toString('base64url'), pin: derive('pin').toString('base64url') };
}
