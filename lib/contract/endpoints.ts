import { accountSettingsEndpoints } from './account';
import { askEndpoints } from './ask';
import { authEndpoints } from './auth';
import { contentEndpoints } from './contents';
import { homeEndpoints } from './home';
import type { Endpoint } from './endpoint';
import { meetingEndpoints } from './meetings';
import { recordEndpoints } from './records';
import { templateEndpoints } from './templates';
import { searchEndpoints } from './search';
import { spaceEndpoints } from './spaces';
import { auditEndpoints } from './audit';
import { invitationEndpoints, spaceInvitationEndpoints } from './invitations';
import { memberEndpoints } from './members';
import { hubEndpoints } from './hub-endpoints';
import { coreEndpoints } from './settings';
import { billingEndpoints } from './billing';
import { sessionEndpoints } from './sessions';
import { twoFactorEndpoints, twoFactorSignInEndpoints } from './two-factor';

/** Every endpoint declared in the contract, by area. */
const endpointTables = {
  auth: authEndpoints,
  sessions: sessionEndpoints,
  accountSettings: accountSettingsEndpoints,
  twoFactor: twoFactorEndpoints,
  twoFactorSignIn: twoFactorSignInEndpoints,
  spaces: spaceEndpoints,
  organizations: hubEndpoints,
  members: memberEndpoints,
  invitations: invitationEndpoints,
  spaceInvitations: spaceInvitationEndpoints,
  audit: auditEndpoints,
  core: coreEndpoints,
  billing: billingEndpoints,
  contents: contentEndpoints,
  search: searchEndpoints,
  ask: askEndpoints,
  meetings: meetingEndpoints,
  home: homeEndpoints,
  templates: templateEndpoints,
  records: recordEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** `METHOD path/` of an endpoint, as the route table names routes. */
export const endpointKey = (definition: Pick<Endpoint, 'method' | 'path'>) => `${definition.method} ${definition.path}`;

export const allEndpoints: Endpoint[] = Object.values(endpointTables).flatMap((table) => Object.values(table));

type Tables = typeof endpointTables;
type AnyEndpoint = { [Area in keyof Tables]: Tables[Area][keyof Tables[Area]] }[keyof Tables];
type KeyOf<E> = E extends Endpoint ? `${E['method']} ${E['path']}` : never;

/**
 * `METHOD path/` of a declared endpoint. The web app names endpoints by it,
 * importing only types from here, so the schemas stay out of its pages.
 */
export type EndpointKey = KeyOf<AnyEndpoint>;

/** The declared endpoint a key names. */
export type EndpointAt<K extends EndpointKey> = AnyEndpoint extends infer E ? (E extends Endpoint ? (KeyOf<E> extends K ? E : never) : never) : never;
