import { EventEmitter } from 'node:events';
import type { BusEvent, MeetingBus } from './meeting-bus';

/** One API node: events go round in process, delivered asynchronously like Redis would. */
export function createLocalMeetingBus(): MeetingBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(meetingId, event) {
      queueMicrotask(() => emitter.emit(meetingId, event));
    },
    async subscribe(meetingId, onEvent: (event: BusEvent) => void) {
      emitter.on(meetingId, onEvent);
      return async () => {
        emitter.off(meetingId, onEvent);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
