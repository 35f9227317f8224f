import { describe, expect, it } from 'vitest';
import { offeredStreams } from './sdp-streams';

describe('the streams a browser offers', () => {
  it('pairs each section’s mid with its MediaStream id, skipping sections without one', () => {
    const sdp = [
      'v=0', 's=-', 't=0 0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', 'a=msid:{cam-1} {track-a}',
      'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:1', 'a=msid:{cam-1} {track-v}',
      'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:2', 'a=msid:screen-9 track-s',
      'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:3', 'a=msid:- track-x',
      'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'a=mid:4',
      'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:5', `a=msid:${'x'.repeat(129)} track-y`, '',
    ].join('\r\n');
    expect(offeredStreams(sdp)).toEqual([
      { mid: '0', streamId: '{cam-1}' },
      { mid: '1', streamId: '{cam-1}' },
      { mid: '2', streamId: 'screen-9' },
    ]);
  });
});
