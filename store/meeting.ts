/**
 * The meeting this tab is in, if any, so signing out can leave it (spec §4)
 * without the auth store knowing about meetings.
 */
let leaveActive: (() => void) | null = null;

/** Registers how to leave the current meeting; returns the unregister function. */
export function registerActiveMeeting(leave: () => void): () => void {
  leaveActive = leave;
  return () => {
    if (leaveActive === leave) leaveActive = null;
  };
}

/** Leaves the current meeting, if there is one. */
export function leaveActiveMeeting(): void {
  const leave = leaveActive;
  leaveActive = null;
  leave?.();
}
