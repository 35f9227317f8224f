/** A media section a browser offers to send: its mid and the MediaStream it belongs to. */
export interface OfferedStream {
  mid: string;
  streamId: string;
}

// What a MediaStream id may look like in a description relayed to other browsers (the contract caps it at 128).
const STREAM_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * The mid and MediaStream id (`a=msid:<stream> <track>`) of each media
 * section of an offer. Janus keeps the stream id as the section's
 * description, so receivers can group a person's camera and microphone and
 * tell a shared screen apart (its id is in the sender's media state).
 */
export function offeredStreams(sdp: string): OfferedStream[] {
  const streams: OfferedStream[] = [];
  for (const section of sdp.split(/\r?\nm=/).slice(1)) {
    const mid = /^a=mid:(\S+)$/m.exec(section)?.[1];
    const streamId = /^a=msid:(\S+)/m.exec(section)?.[1];
    if (mid && streamId && streamId !== '-' && STREAM_ID.test(streamId)) streams.push({ mid, streamId });
  }
  return streams;
}
