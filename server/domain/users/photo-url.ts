import { accountSettingsEndpoints } from '../../../lib/contract/account';
import { pathOf } from '../../../lib/contract/endpoint';

/** Where the browser loads a photo: the key is random and new with every upload, so the address can be cached for long. */
export const photoUrlOf = (photoKey: string | null): string | null =>
  photoKey ? `/api/v1/${pathOf(accountSettingsEndpoints.photo, { key: photoKey })}` : null;
