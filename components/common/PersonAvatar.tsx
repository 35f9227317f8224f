import { Avatar } from 'antd';
import { fileHref } from '@/client/http/contents-api';
import { theme } from '@/lib/constants';
import { colors, readableUnderWhite } from '@/lib/palette';
import { initialsOf } from './format';

interface PersonAvatarProps {
  name: string;
  /** Their profile colour, behind the initials. */
  colour?: string | null;
  /** Their photo, when they have one (the user view's photo_url). */
  photoUrl?: string | null;
  size?: number;
}

/**
 * A person as a round picture: their photo, or the same two initials every
 * avatar of them shows (initialsOf) on their colour. Decorative: the name is
 * always written beside it.
 */
export function PersonAvatar({ name, colour, photoUrl, size = 32 }: PersonAvatarProps) {
  return (
    <Avatar
      aria-hidden="true"
      size={size}
      src={photoUrl ? fileHref(photoUrl) : undefined}
      alt=""
      style={{
        flex: 'none',
        backgroundColor: readableUnderWhite(colour || theme.primaryColor),
        color: colors.white,
        fontSize: Math.round(size * 0.38),
        fontWeight: 600,
      }}
    >
      {initialsOf(name) || '?'}
    </Avatar>
  );
}
