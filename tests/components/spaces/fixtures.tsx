import type { ReactElement } from 'react';
import { ConfigProvider } from 'antd';
import type { Role, SpaceVisibility } from '@/lib/contract/settings';
import { mockDb } from '@/mocks/node';
import { MOCK_DEMO_ACCOUNT, MOCK_DEMO_HUB, type MockSpace, type MockUser } from '@/mocks/state';
import { useAuthStore } from '@/store/auth';
import { renderWithApp } from '@/tests/render';
import { resetBeforeEachFile } from '@/tests/shared-modules';

/** The seeded demo hub and its owner. */
export function demoHub() {
  const hub = mockDb.hubByHandle(MOCK_DEMO_HUB.domainHandle);
  const owner = mockDb.userByEmail(MOCK_DEMO_ACCOUNT.email);
  if (!hub || !owner) throw new Error('the mock seed changed');
  return { hub, owner };
}

/** A new account that is a member of the demo hub with `role` (not signed in). */
export function addHubMember(email: string, name: string, role: Role): MockUser {
  const { hub } = demoHub();
  const { user } = mockDb.createAccount({ email, name, profile: true });
  mockDb.data.memberships.push({ hubId: hub.id, userId: user.id, role, createdAt: mockDb.now() });
  user.activeHubId = hub.id;
  return user;
}

/** Signs `user` in through the store, as the app does. */
export async function signInUser(user: MockUser) {
  await useAuthStore.getState().login(mockDb.createSession(user.id));
  return user;
}

/** Signs in the demo hub's owner. */
export const signInOwner = () => signInUser(demoHub().owner);

const CLOCK_START = Date.parse('2026-01-01T00:00:00Z');
let clock = CLOCK_START;
resetBeforeEachFile(() => {
  clock = CLOCK_START;
});

/** A space in the demo hub; newer seeds list first, as the API sorts by creation. */
export function seedSpace(opts: {
  name: string;
  visibility?: SpaceVisibility;
  description?: string;
  createdBy?: MockUser;
  members?: [MockUser, Role][];
  archived?: boolean;
}): MockSpace {
  const { hub, owner } = demoHub();
  clock += 60_000;
  const at = new Date(clock).toISOString();
  const creator = opts.createdBy ?? owner;
  const space: MockSpace = {
    id: mockDb.newId(),
    hubId: hub.id,
    name: opts.name,
    description: opts.description ?? null,
    visibility: opts.visibility ?? 'public',
    createdBy: creator.id,
    archivedAt: opts.archived ? at : null,
    createdAt: at,
    updatedAt: at,
  };
  mockDb.data.spaces.push(space);
  for (const [user, role] of opts.members ?? [[creator, 'owner']]) {
    mockDb.data.spaceMemberships.push({ spaceId: space.id, userId: user.id, role, createdAt: at });
  }
  return space;
}

/**
 * renderWithApp without antd's motion: jsdom never ends a CSS transition, so
 * a closed modal would never leave and a spinner would never go.
 */
export function renderStill(ui: ReactElement) {
  return renderWithApp(<ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>);
}
