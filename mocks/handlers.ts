import type { HttpHandler, WebSocketHandler } from 'msw';
import { accountHandlers } from './handlers/account';
import { accountSettingsHandlers } from './handlers/account-settings';
import { askHandlers } from './handlers/ask';
import { auditHandlers } from './handlers/audit';
import { authHandlers } from './handlers/auth';
import { contentHandlers } from './handlers/contents';
import { coreHandlers } from './handlers/core';
import { homeHandlers } from './handlers/home';
import { hubAdminHandlers } from './handlers/hub-admin';
import { invitationHandlers } from './handlers/invitations';
import { meetingHandlers, meetingSignalHandlers } from './handlers/meetings';
import { hubHandlers } from './handlers/hubs';
import { recordHandlers } from './handlers/records';
import { spaceHandlers } from './handlers/spaces';
import { templateHandlers } from './handlers/templates';
import { twoFactorHandlers } from './handlers/two-factor';
import type { MockDb } from './state';

/** Every endpoint of lib/http/*-api.ts and api.ts, and the meeting signalling socket, served from `db` with the API's schemas and error codes. */
export function createHandlers(db: MockDb): Array<HttpHandler | WebSocketHandler> {
  return [
    ...authHandlers(db),
    ...twoFactorHandlers(db),
    ...hubHandlers(db),
    ...hubAdminHandlers(db),
    ...accountHandlers(db),
    ...accountSettingsHandlers(db),
    ...auditHandlers(db),
    ...invitationHandlers(db),
    ...coreHandlers(db),
    ...spaceHandlers(db),
    ...contentHandlers(db),
    ...templateHandlers(db),
    ...recordHandlers(db),
    ...askHandlers(db),
    ...meetingHandlers(db),
    ...homeHandlers(db),
    ...meetingSignalHandlers(db),
  ];
}
