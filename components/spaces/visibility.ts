import { basicSettings } from '@/lib/basic-settings';
import type { BadgeStatus } from '@/lib/constants';
import type { BasicSettings, SpaceVisibility } from '@/lib/contract/settings';

export const spaceVisibilityBadge: Record<SpaceVisibility, BadgeStatus> = {
  public: 'success',
  shared: 'info',
  private: 'warning',
};

/** The spec's second list (Everyone/Shared/Private), from the API's settings or the same built-in list. */
export const spaceVisibilityOptions = (settings: BasicSettings | null) =>
  settings?.permissions.space_visibility ?? basicSettings.permissions.space_visibility;

export const spaceVisibilityLabel = (settings: BasicSettings | null, value: SpaceVisibility) =>
  spaceVisibilityOptions(settings).find((o) => o.value === value)?.label ?? value;
