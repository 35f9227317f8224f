import type { Browser, Page } from '@playwright/test';

/** What RTCPeerConnection is built with; the baseline uses none (host candidates only). */
export interface LoopbackIce {
  iceServers: RTCIceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
}

interface LoopbackWindow {
  loopback: {
    pc: RTCPeerConnection;
    /** Candidates gathered here and not yet handed to the other page. */
    outbox: RTCIceCandidateInit[];
    /** Epoch milliseconds of the first remote frame, once there is one. */
    firstFrameAt: Promise<number>;
  };
}

/** In the page: camera and microphone (the fake devices) on a fresh RTCPeerConnection, its remote video in a <video>. */
async function preparePeer(page: Page, ice: LoopbackIce) {
  await page.evaluate(async (config) => {
    const w = window as unknown as Window & LoopbackWindow;
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
    const pc = new RTCPeerConnection(config);
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    const outbox: RTCIceCandidateInit[] = [];
    pc.onicecandidate = (event) => {
      if (event.candidate) outbox.push(event.candidate.toJSON());
    };
    const video = document.createElement('video');
    video.autoplay = true;
    video.playsInline = true;
    video.muted = true;
    document.body.append(video);
    const firstFrameAt = new Promise<number>((resolve) => {
      pc.ontrack = (event) => {
        if (event.track.kind !== 'video') return;
        video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
        video.requestVideoFrameCallback(() => resolve(Date.now()));
      };
    });
    w.loopback = { pc, outbox, firstFrameAt };
  }, ice);
}

const takeCandidates = (page: Page) =>
  page.evaluate(() => (window as unknown as LoopbackWindow).loopback.outbox.splice(0));

const addCandidates = (page: Page, candidates: RTCIceCandidateInit[]) =>
  page.evaluate(async (list) => {
    const { pc } = (window as unknown as LoopbackWindow).loopback;
    for (const candidate of list) await pc.addIceCandidate(candidate);
  }, candidates);

/**
 * One bare WebRTC call between two browser contexts on `origin` with the same
 * fake camera, the offer/answer and candidates carried by this process (as a
 * signalling server would). Returns milliseconds from creating the offer to
 * the answerer's first remote video frame, or null when no frame came within
 * `timeoutMs` (a wrong TURN credential, say).
 */
export async function loopbackFirstFrame(browser: Browser, origin: string, ice: LoopbackIce, timeoutMs = 15_000): Promise<number | null> {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [caller, callee] = await Promise.all(contexts.map(async (context) => {
      const page = await context.newPage();
      await page.goto(origin);
      await preparePeer(page, ice);
      return page;
    })) as [Page, Page];

    const startedAt = Date.now();
    const offer = await caller.evaluate(async () => {
      const { pc } = (window as unknown as LoopbackWindow).loopback;
      await pc.setLocalDescription(await pc.createOffer());
      return pc.localDescription!.toJSON();
    });
    const answer = await callee.evaluate(async (description) => {
      const { pc } = (window as unknown as LoopbackWindow).loopback;
      await pc.setRemoteDescription(description);
      await pc.setLocalDescription(await pc.createAnswer());
      return pc.localDescription!.toJSON();
    }, offer);
    await caller.evaluate((description) => (window as unknown as LoopbackWindow).loopback.pc.setRemoteDescription(description), answer);

    // Candidates trickle both ways until the callee shows a frame.
    const frame = callee.evaluate(() => (window as unknown as LoopbackWindow).loopback.firstFrameAt);
    const seen: { at: number | null } = { at: null };
    void frame.then((at) => (seen.at = at), () => undefined);
    const deadline = startedAt + timeoutMs;
    while (seen.at === null && Date.now() < deadline) {
      const [fromCaller, fromCallee] = await Promise.all([takeCandidates(caller), takeCandidates(callee)]);
      await Promise.all([addCandidates(callee, fromCaller), addCandidates(caller, fromCallee)]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return seen.at === null ? null : seen.at - startedAt;
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}
