import { and, isNull, type SQL } from 'drizzle-orm';
import { spaces } from '../../db/schema';
import { visibleSpacesCondition, type SpaceViewer } from '../../policies/spaces';

/** A meeting's space as one the viewer may meet in, as a condition on `spaces`: not archived, and theirs to read. */
export const joinableSpaceCondition = (viewer: SpaceViewer): SQL => and(isNull(spaces.archivedAt), visibleSpacesCondition(viewer))!;
