import { PASSWORD_MIN } from '@/lib/validation/fields';

/** The password rule in words, shown before the user gets it wrong. */
export const passwordHint = `At least ${PASSWORD_MIN} characters, with upper and lower case letters, a digit and a special character.`;
