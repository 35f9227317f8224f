import { users } from '../../db/schema';
import { photoUrlOf } from './photo-url';

/** The columns a person's avatar is drawn from; join users. */
export const avatarColumns = { colour: users.colour, photoKey: users.photoKey };

/** A person's avatar as the members' lists answer it (lib/contract/members avatarFields). */
export const presentAvatar = (row: { colour: string; photoKey: string | null }) => ({ colour: row.colour, photo_url: photoUrlOf(row.photoKey) });
