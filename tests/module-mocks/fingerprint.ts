import { vi } from 'vitest';
import type { getVisitorId as computed } from '@/client/fingerprint';
import { resetBeforeEachFile } from '../shared-modules';

/** No fingerprint, as in jsdom (no audio, no canvas), unless a test gives one: vi.mocked(getVisitorId).mockResolvedValue(…). */
export const getVisitorId = vi.fn<typeof computed>(async () => null);

resetBeforeEachFile(() => getVisitorId.mockReset());
