import type { App } from '../types';
import accountRoutes from './account';
import askRoutes from './ask';
import authRoutes from './auth';
import contentRoutes from './contents';
import coreRoutes from './core';
import fileRoutes from './files';
import homeRoutes from './home';
import invitationTokenRoutes from './invitations';
import meetingRoutes from './meetings';
import hubRoutes from './organizations';
import searchRoutes from './search';
import recordRoutes from './records';
import spaceRoutes from './spaces';
import templateRoutes from './templates';
import twoFactorRoutes from './two-factor';
import billingRoutes from './billing';

/**
 * Every resource's routes, mounted under /api/v1. Each folder holds its
 * routes and their tests side by side; schemas come from lib/contract.
 */
export async function registerRoutes(app: App) {
  app.get('/health/', { schema: { hide: true } }, async () => ({ data: { status: 'ok' } }));
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(twoFactorRoutes, { prefix: '/auth' });
  await app.register(accountRoutes, { prefix: '/auth' });
  await app.register(hubRoutes, { prefix: '/organizations' });
  await app.register(coreRoutes, { prefix: '/core' });
  await app.register(invitationTokenRoutes, { prefix: '/invitations' });
  await app.register(billingRoutes, { prefix: '/wallet' });
  await app.register(spaceRoutes, { prefix: '/spaces' });
  await app.register(contentRoutes, { prefix: '/spaces' });
  await app.register(recordRoutes, { prefix: '/spaces' });
  await app.register(templateRoutes, { prefix: '/form-templates' });
  await app.register(fileRoutes, { prefix: '/files' });
  await app.register(searchRoutes, { prefix: '/search' });
  await app.register(askRoutes, { prefix: '/ask' });
  await app.register(meetingRoutes, { prefix: '/meetings' });
  await app.register(homeRoutes, { prefix: '/home' });
}
