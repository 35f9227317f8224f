import { describe, expect, it } from 'vitest';
import type { ClientMessage } from '@/lib/contract/meetings';
import { labelSfuOffer, SfuMedia } from '@/client/meetings/sfu-media';

const ADA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

/** Janus's offer of two sections (audio, video) and one it has rejected, as it writes them. */
const janusOffer = [
  'v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=VideoRoom 1', 't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', 'a=sendonly', 'a=msid:janus janus0', 'a=ssrc:11 cname:janus', 'a=ssrc:11 msid:janus janus0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:1', 'a=sendonly', 'a=ssrc:22 cname:janus',
  'm=video 0 UDP/TLS/RTP/SAVPF 96', 'a=mid:2', 'a=inactive', '',
].join('\r\n');

describe('labelling the SFU’s offer', () => {
  it('names each listed section’s stream after the sender’s MediaStream and leaves the rest alone', () => {
    const labelled = labelSfuOffer(janusOffer, [
      { mid: '0', peer_id: ADA, stream_id: 'ada-camera', kind: 'audio' },
      { mid: '1', peer_id: ADA, stream_id: 'ada-camera', kind: 'video' },
    ]);
    const sections = labelled.split('\r\nm=');
    expect(sections[1]).toContain('a=mid:0\r\na=msid:ada-camera audio-0');
    expect(sections[1]).not.toContain('janus janus0');
    expect(sections[1]).toContain('a=ssrc:11 cname:janus');
    expect(sections[2]).toContain('a=mid:1\r\na=msid:ada-camera video-1');
    expect(sections[3]).toBe('video 0 UDP/TLS/RTP/SAVPF 96\r\na=mid:2\r\na=inactive\r\n');
  });
});

/** The parts of RTCPeerConnection SfuMedia uses, recording what it was asked. */
class FakeConnection {
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: (() => void) | null = null;
  ontrack: (() => void) | null = null;
  added: Array<{ what: string; init: RTCRtpTransceiverInit }> = [];
  addTransceiver(what: string, init: RTCRtpTransceiverInit) {
    this.added.push({ what, init });
    return { sender: { replaceTrack: () => Promise.resolve() }, stop: () => undefined };
  }
  close() {}
}

describe('sending through the SFU', () => {
  it('offers audio and a simulcast camera, and asks for a layer once per change', () => {
    const connections: FakeConnection[] = [];
    const sent: ClientMessage[] = [];
    const media = new SfuMedia({
      iceServers: [],
      iceTransportPolicy: 'all',
      send: (message) => sent.push(message),
      onStreams: () => undefined,
      createConnection: () => {
        const pc = new FakeConnection();
        connections.push(pc);
        return pc as unknown as RTCPeerConnection;
      },
    }, { stream: null, audio: null, video: null, screen: null });

    const [publisher] = connections;
    expect(publisher?.added.map((t) => t.what)).toEqual(['audio', 'video']);
    expect(publisher?.added[1]?.init.sendEncodings?.map((e) => [e.rid, e.scaleResolutionDownBy ?? 1])).toEqual([['h', 1], ['m', 2], ['l', 4]]);

    media.preferLayer(ADA, 'low');
    media.preferLayer(ADA, 'low');
    media.preferLayer(ADA, 'high');
    expect(sent).toEqual([
      { type: 'sfu-layer', peer_id: ADA, substream: 0 },
      { type: 'sfu-layer', peer_id: ADA, substream: 2 },
    ]);
    media.close();
  });
});
