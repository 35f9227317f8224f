import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

/*
 * Meetings: the REST contract (start one, look one up by its code) and the
 * signalling protocol spoken over the WebSocket at `meetings/signal/`.
 * The server, the web app and the mock backend all parse with these schemas.
 */

/** A meeting code: three, four and three lowercase letters, like `abc-defg-hij`. */
export const MEETING_CODE_PATTERN = /^[a-z]{3}-[a-z]{4}-[a-z]{3}$/;

/** People a mesh meeting carries; every participant sends to every other one. */
export const MEETING_MAX_PARTICIPANTS = 8;

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

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** The first message: the session token (never in the URL) and the meeting to enter. */
  z.object({ type: z.literal('join'), token: z.string().min(1).max(4096), code: meetingCodeField(), state: mediaStateSchema }),
  z.object({ type: z.literal('signal'), to: peerIdField(), ...signalPayload }),
  z.object({ type: z.literal('state'), state: mediaStateSchema }),
  /** Keeps the connection's liveness visible to the browser, which cannot see WebSocket pings. */
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('leave') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const participantSchema = z.object({
  peer_id: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  state: mediaStateSchema,
});
export type Participant = z.infer<typeof participantSchema>;

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
  }),
  z.object({ type: z.literal('peer-joined'), participant: participantSchema }),
  z.object({ type: z.literal('peer-left'), peer_id: z.string() }),
  z.object({ type: z.literal('peer-state'), peer_id: z.string(), state: mediaStateSchema }),
  z.object({ type: z.literal('signal'), from: z.string(), ...signalPayload }),
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
} as const;

/** Close codes after which reconnecting cannot help. */
export const finalCloseCodes: readonly number[] = [
  signalCloseCodes.left,
  signalCloseCodes.policy,
  signalCloseCodes.tooBig,
  signalCloseCodes.unauthenticated,
  signalCloseCodes.notFound,
  signalCloseCodes.full,
];
