import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { liveMeetingSchema } from './home';

/*
 * Meetings: the REST contract (start one, look one up by its code) and the
 * signalling protocol spoken over the WebSocket at `meetings/signal/`.
 * The server, the web app and the mock backend all parse with these schemas.
 */

/** A meeting code: three, four and three lowercase letters, like `abc-defg-hij`. */
export const MEETING_CODE_PATTERN = /^[a-z]{3}-[a-z]{4}-[a-z]{3}$/;

/** People a mesh meeting carries; every participant sends to every other one. */
export const MEETING_MAX_PARTICIPANTS = 8;

/** People a meeting carries when an SFU routes its media (each browser sends once); a setting may lower or raise it. */
export const SFU_MAX_PARTICIPANTS = 50;

/** Longest chat message, in characters. */
export const CHAT_MAX_LENGTH = 2000;

/** Chat messages one participant may send in CHAT_RATE_WINDOW_MS; more are refused with `chat_rate_limited`. */
export const CHAT_RATE_LIMIT = 5;
export const CHAT_RATE_WINDOW_MS = 5_000;

/** The reactions a participant may send; they float over the sender's tile for a few seconds. */
export const MEETING_REACTIONS = ['👍', '👏', '😂', '❤️', '🎉', '😮'] as const;
export type MeetingReaction = (typeof MEETING_REACTIONS)[number];

/** Largest signalling message the server reads, in bytes (an SDP with three media sections is ~10 KB). */
export const SIGNAL_MAX_BYTES = 64 * 1024;

/** The path of the signalling WebSocket under /api/v1/. */
export const SIGNAL_PATH = 'meetings/signal/';

const meetingCodeField = () =>
  z.string({ error: 'Please enter a meeting code' }).trim().toLowerCase().regex(MEETING_CODE_PATTERN, {
    error: 'Meeting codes look like abc-defg-hij',
  });

export const createMeetingBody = z.object({
  /** Ties the meeting to a space: only people who may read the space can join. */
  space_id: z.uuid({ error: 'Please choose a space' }).nullish(),
});
export type CreateMeetingBody = z.input<typeof createMeetingBody>;

export const meetingCodeParams = z.object({ code: meetingCodeField() });

export const meetingSchema = z.object({
  id: z.string(),
  code: z.string(),
  organization: z.object({ id: z.string(), name: z.string(), domain_handle: z.string() }),
  space: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;

const meeting = dataEnvelope(meetingSchema);

export const liveMeetingsQuery = z.object({
  /** Only the meetings held in this space. */
  space_id: z.uuid({ error: 'Please choose a space' }).optional(),
});

/** The REST side of meetings; the signalling WebSocket is not a request and answer, so it has no entry here. */
export const meetingEndpoints = {
  create: endpoint({
    method: 'POST', path: 'meetings/', tag: 'meetings', signedIn: true, hub: 'header', summary: 'Start a meeting in the hub, optionally for one space',
    body: createMeetingBody, status: 201, response: meeting, errors: [400, 401, 404],
  }),
  get: endpoint({
    method: 'GET', path: 'meetings/:code/', tag: 'meetings', signedIn: true,
    summary: 'A meeting by its code, when the caller may join it (404 otherwise)',
    params: meetingCodeParams, response: meeting, errors: [400, 401, 404],
  }),
  live: endpoint({
    method: 'GET', path: 'meetings/live/', tag: 'meetings', signedIn: true, hub: 'header',
    summary: 'Meetings going on now that the caller may join, with who is in them (optionally those of one space)',
    query: liveMeetingsQuery, response: dataEnvelope(z.array(liveMeetingSchema)), errors: [400, 401, 404],
  }),
};

// ---------------------------------------------------------------------------
// Signalling

/** What a participant is sending; others show a muted microphone or a camera-off tile from it. */
export const mediaStateSchema = z.object({
  audio: z.boolean(),
  video: z.boolean(),
  /** The MediaStream id of the shared screen while sharing, so receivers can tell it from the camera. */
  screen: z.string().max(128).nullable(),
});
export type MediaState = z.infer<typeof mediaStateSchema>;

const peerIdField = () => z.uuid();

const sessionDescription = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().max(48 * 1024),
});

const iceCandidate = z.object({
  candidate: z.string().max(1024),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

/** A WebRTC offer/answer or ICE candidate, relayed untouched to one other participant. */
const signalPayload = {
  description: sessionDescription.optional(),
  candidate: iceCandidate.nullable().optional(),
};

/** Which of its two connections to the SFU a browser's ICE candidate belongs to. */
export const SFU_CONNECTIONS = ['publisher', 'subscriber'] as const;
export type SfuConnection = (typeof SFU_CONNECTIONS)[number];

/** Simulcast layers an SFU forwards: 0 is the smallest picture, 2 the full one. */
const substreamField = () => z.number().int().min(0).max(2);

/** One incoming track of the SFU connection: who sends it, and the sender's MediaStream id (camera or screen). */
export const sfuStreamSchema = z.object({
  mid: z.string().max(16),
  peer_id: z.string(),
  stream_id: z.string().max(128),
  kind: z.enum(['audio', 'video']),
});
export type SfuStream = z.infer<typeof sfuStreamSchema>;

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** The first message: the session token (never in the URL) and the meeting to enter. */
  z.object({ type: z.literal('join'), token: z.string().min(1).max(4096), code: meetingCodeField(), state: mediaStateSchema }),
  z.object({ type: z.literal('signal'), to: peerIdField(), ...signalPayload }),
  z.object({ type: z.literal('state'), state: mediaStateSchema }),
  /** A chat message to everyone in the meeting: plain text, kept for the meeting. */
  z.object({ type: z.literal('chat'), text: z.string().trim().min(1).max(CHAT_MAX_LENGTH) }),
  z.object({ type: z.literal('hand'), raised: z.boolean() }),
  z.object({ type: z.literal('reaction'), emoji: z.enum(MEETING_REACTIONS) }),
  /** Host only: turns another participant's microphone off (they may turn it back on). */
  z.object({ type: z.literal('mute'), peer_id: peerIdField() }),
  /** Host only: sends another participant out of the meeting. */
  z.object({ type: z.literal('remove'), peer_id: peerIdField() }),
  /** Keeps the connection's liveness visible to the browser, which cannot see WebSocket pings. */
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('leave') }),
  /** SFU meetings: the browser's offer for everything it sends (again after a change); answered by `sfu-answer`. */
  z.object({ type: z.literal('sfu-publish'), description: sessionDescription.extend({ type: z.literal('offer') }) }),
  /** SFU meetings: the answer to the last `sfu-offer`. */
  z.object({ type: z.literal('sfu-subscribe-answer'), description: sessionDescription.extend({ type: z.literal('answer') }) }),
  /** SFU meetings: an ICE candidate of one of the browser's two connections; null ends its candidates. */
  z.object({ type: z.literal('sfu-candidate'), connection: z.enum(SFU_CONNECTIONS), candidate: iceCandidate.nullable() }),
  /** SFU meetings: the simulcast layer wanted for one participant's camera (large tile: 2, small tile: 0). */
  z.object({ type: z.literal('sfu-layer'), peer_id: peerIdField(), substream: substreamField() }),
  /** SFU meetings: the receiving connection lost its network; the SFU answers with a new `sfu-offer` that restarts ICE. */
  z.object({ type: z.literal('sfu-restart') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const participantSchema = z.object({
  peer_id: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  state: mediaStateSchema,
  /** The person who started the meeting: they may mute and remove others. */
  host: z.boolean(),
  /** When their hand went up (ISO time), null when it is down; the order hands went up sorts by it. */
  hand_raised_at: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  /** The sender's connection when they sent it (a reconnection gives them a new one). */
  peer_id: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  text: z.string(),
  sent_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** One entry of RTCConfiguration.iceServers; TURN entries carry short-lived credentials. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const signalErrorCodes = [
  'invalid_message',
  'unauthenticated',
  'not_found',
  'meeting_full',
  'rate_limited',
  'join_timeout',
  /** A chat message over CHAT_RATE_LIMIT per window: refused, the connection stays. */
  'chat_rate_limited',
  /** A host-only request from someone who is not the host: refused, the connection stays. */
  'forbidden',
] as const;
export type SignalErrorCode = (typeof signalErrorCodes)[number];

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    peer_id: z.string(),
    meeting: meetingSchema,
    ice_servers: z.array(iceServerSchema),
    ice_transport_policy: z.enum(['all', 'relay']),
    /** Everyone already in the meeting; more may follow as `peer-joined`. */
    participants: z.array(participantSchema),
    /** This participant as the others see it (host flag included). */
    self: participantSchema,
    /** The meeting's chat so far, oldest first. */
    chat: z.array(chatMessageSchema),
    /** True when an SFU carries the meeting's media: the browser sends once to it (`sfu-*` messages) instead of to every peer. */
    sfu: z.boolean().optional(),
  }),
  z.object({ type: z.literal('peer-joined'), participant: participantSchema }),
  z.object({ type: z.literal('peer-left'), peer_id: z.string() }),
  z.object({ type: z.literal('peer-state'), peer_id: z.string(), state: mediaStateSchema }),
  z.object({ type: z.literal('signal'), from: z.string(), ...signalPayload }),
  z.object({ type: z.literal('chat'), message: chatMessageSchema }),
  z.object({ type: z.literal('peer-hand'), peer_id: z.string(), hand_raised_at: z.string().nullable() }),
  z.object({ type: z.literal('reaction'), peer_id: z.string(), emoji: z.enum(MEETING_REACTIONS) }),
  /** The host turned this participant's microphone off; the browser stops sending audio and says so. */
  z.object({ type: z.literal('muted'), by: z.object({ id: z.string(), name: z.string() }) }),
  /** SFU meetings: the SFU's answer to `sfu-publish`. */
  z.object({ type: z.literal('sfu-answer'), description: sessionDescription }),
  /** SFU meetings: the SFU's offer of everyone else's media, on one connection, with what each track is; answer with `sfu-subscribe-answer`. */
  z.object({ type: z.literal('sfu-offer'), description: sessionDescription, streams: z.array(sfuStreamSchema) }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.enum(signalErrorCodes), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * WebSocket close codes the server uses. 4xxx are the application's own:
 * the client reconnects after a network drop, but not after these.
 */
export const signalCloseCodes = {
  /** The client said it was leaving. */
  left: 1000,
  /** Server shutting down: reconnect. */
  goingAway: 1001,
  /** Flood or a message that is not allowed. */
  policy: 1008,
  /** Message larger than SIGNAL_MAX_BYTES. */
  tooBig: 1009,
  unauthenticated: 4401,
  notFound: 4404,
  full: 4409,
  joinTimeout: 4408,
  /** The host removed this participant. */
  removed: 4403,
} as const;

/** Close codes after which reconnecting cannot help. */
export const finalCloseCodes: readonly number[] = [
  signalCloseCodes.left,
  signalCloseCodes.policy,
  signalCloseCodes.tooBig,
  signalCloseCodes.unauthenticated,
  signalCloseCodes.notFound,
  signalCloseCodes.full,
  signalCloseCodes.removed,
];
