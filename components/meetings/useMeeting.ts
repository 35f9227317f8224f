import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAuthStore } from '@/store/auth';
import { registerActiveMeeting } from '@/store/meeting';
import type { MeetingReaction } from '@/lib/contract/meetings';
import type { SfuLayer } from '@/client/meetings/sfu-media';
import type { EffectName } from '@/client/meetings/effects/effect-settings';
import { CHAT_NOT_SENT, MeetingSession, startingSnapshot, type JoinSettings, type MeetingSnapshot, type SessionDeps } from '@/client/meetings/meeting-session';

/** sessionStorage key that marks "this tab is in meeting <code>": a reload rejoins directly. */
export const rejoinKey = (code: string) => `convene.meeting.${code}`;

/** What a reload needs to rejoin as before. */
export interface RejoinSettings {
  audio: boolean;
  video: boolean;
  cameraId: string | null;
  micId: string | null;
}

export function readRejoin(code: string): RejoinSettings | null {
  try {
    const raw = window.sessionStorage.getItem(rejoinKey(code));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RejoinSettings>;
    return {
      audio: value.audio === true,
      video: value.video === true,
      cameraId: typeof value.cameraId === 'string' ? value.cameraId : null,
      micId: typeof value.micId === 'string' ? value.micId : null,
    };
  } catch {
    return null;
  }
}

function saveRejoin(code: string, settings: RejoinSettings): void {
  try {
    window.sessionStorage.setItem(rejoinKey(code), JSON.stringify(settings));
  } catch {
    // Private mode without storage: a reload shows the lobby again, which is fine.
  }
}

function clearRejoin(code: string): void {
  try {
    window.sessionStorage.removeItem(rejoinKey(code));
  } catch {
    // nothing stored
  }
}

const idleSnapshot = startingSnapshot(null);
const noSubscription = () => () => undefined;
const idle = () => idleSnapshot;

export interface MeetingControls {
  snapshot: MeetingSnapshot;
  setCamera(on: boolean): Promise<void>;
  setMic(on: boolean): Promise<void>;
  setScreen(on: boolean): Promise<void>;
  /** Noise suppression or background blur on or off; rejects with EffectError when it cannot run. */
  setEffect(effect: EffectName, on: boolean): Promise<void>;
  /** Leaves for good: a reload after this shows the lobby. */
  leave(): void;
  sendChat(text: string): Promise<void>;
  setHand(raised: boolean): void;
  react(emoji: MeetingReaction): void;
  mute(peerId: string): void;
  remove(peerId: string): void;
  /** Asks for a peer's sharp or light video; only meetings whose media goes through a server offer the choice. */
  preferLayer(peerId: string, layer: SfuLayer): void;
}

/**
 * Joins meeting `code` while `settings` is set, and leaves when it becomes
 * null or the component unmounts. Keeps the sessionStorage rejoin key and the
 * account's camera/mic flags (spec §4) in step with the meeting.
 */
export function useMeeting(code: string, settings: JoinSettings | null, deps?: SessionDeps): MeetingControls {
  const [session, setSession] = useState<MeetingSession | null>(null);
  // Set when the person leaves on purpose: the renders while the session winds down
  // (media off first, then the status) must not save the rejoin key again.
  const leaving = useRef(false);

  useEffect(() => {
    if (!settings) return;
    leaving.current = false;
    const created = new MeetingSession(code, settings, deps);
    // Started on the next tick: StrictMode's immediate unmount/remount then never opens a second socket or camera.
    const timer = setTimeout(() => {
      setSession(created);
      void created.start();
    }, 0);
    const unregister = registerActiveMeeting(() => {
      leaving.current = true;
      clearRejoin(code);
      created.leave();
    });
    return () => {
      clearTimeout(timer);
      unregister();
      created.leave();
      setSession((current) => (current === created ? null : current));
    };
  }, [code, settings, deps]);

  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? idle,
    idle,
  );

  const { audio, video } = snapshot.media;
  const inMeeting = snapshot.status === 'in-meeting' || snapshot.status === 'reconnecting';
  useEffect(() => {
    const auth = useAuthStore.getState();
    auth.setCamera(inMeeting && video);
    auth.setMic(inMeeting && audio);
  }, [inMeeting, audio, video]);

  useEffect(() => {
    if (!settings || !inMeeting || leaving.current) return;
    saveRejoin(code, { audio, video, cameraId: settings.cameraId ?? null, micId: settings.micId ?? null });
  }, [code, settings, inMeeting, audio, video]);

  useEffect(() => {
    // Refused for good (not found, full, signed out): a reload must not try again by itself.
    if (snapshot.status === 'refused') clearRejoin(code);
  }, [code, snapshot.status]);

  useEffect(
    () => () => {
      const auth = useAuthStore.getState();
      auth.setCamera(false);
      auth.setMic(false);
    },
    [],
  );

  const leave = useCallback(() => {
    leaving.current = true;
    clearRejoin(code);
    session?.leave();
  }, [code, session]);

  return {
    snapshot,
    setCamera: useCallback((on: boolean) => session?.setCamera(on) ?? Promise.resolve(), [session]),
    setMic: useCallback((on: boolean) => session?.setMic(on) ?? Promise.resolve(), [session]),
    setScreen: useCallback((on: boolean) => session?.setScreen(on) ?? Promise.resolve(), [session]),
    setEffect: useCallback((effect: EffectName, on: boolean) => session?.setEffect(effect, on) ?? Promise.resolve(), [session]),
    leave,
    sendChat: useCallback((text: string) => session?.sendChat(text) ?? Promise.reject(new Error(CHAT_NOT_SENT)), [session]),
    setHand: useCallback((raised: boolean) => session?.setHand(raised), [session]),
    react: useCallback((emoji: MeetingReaction) => session?.react(emoji), [session]),
    mute: useCallback((peerId: string) => session?.mute(peerId), [session]),
    remove: useCallback((peerId: string) => session?.remove(peerId), [session]),
    preferLayer: useCallback((peerId: string, layer: SfuLayer) => session?.preferLayer(peerId, layer), [session]),
  };
}
