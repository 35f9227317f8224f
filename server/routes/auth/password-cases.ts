import { PASSWORD_SPECIAL_CHARACTERS } from '../../../lib/validation/fields';

/**
 * The password rule (spec §5) as test cases: each value breaks exactly one
 * part of the rule, with the message the field must show.
 */
export const invalidPasswords = (label: string, noun = label) => [
  { rule: 'too short', value: 'Ab1!xyz', message: `${label} must be at least 8 characters` },
  { rule: 'no lowercase letter', value: 'ABCDEFG1!', message: `${label} must contain a lowercase letter` },
  { rule: 'no uppercase letter', value: 'abcdefg1!', message: `${label} must contain an uppercase letter` },
  { rule: 'no digit', value: 'Abcdefgh!', message: `${label} must contain a digit` },
  { rule: 'no special character', value: 'Abcdefgh1', message: `${label} must contain a special character (${PASSWORD_SPECIAL_CHARACTERS})` },
  { rule: '129 characters', value: `Aa1!${'x'.repeat(125)}`, message: `${label} must be up to 128 characters` },
  { rule: 'empty', value: '', message: `Please enter ${noun}` },
];

/** 64 characters that satisfy every part of the rule. */
export const LONG_PASSWORD = `Aa1!${'long-passphrase-'.repeat(4)}`.slice(0, 64);
