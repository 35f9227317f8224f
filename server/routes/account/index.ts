import type { App } from '../../types';
import { emailChangeRoutes } from './email-change';
import { photoRoutes } from './photo';

/** The person's own account: photo and sign-in email, mounted under /api/v1/auth beside the other account routes. */
export default async function accountRoutes(app: App) {
  await photoRoutes(app);
  emailChangeRoutes(app);
}
