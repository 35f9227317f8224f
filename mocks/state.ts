import type { CurrentStep, User } from '@/lib/contract/auth';
import type { ContentDetails, ContentKind, ContentSource, ContentStatus } from '@/lib/contract/contents';
import type { JoinableHub, MyHub, HubSummary } from '@/lib/contract/hubs';
import type { HubVisibility, Role, SpaceVisibility } from '@/lib/contract/settings';
import type { Subscription } from '@/lib/contract/billing';
import type { TemplateField } from '@/lib/contract/templates';
import { DEFAULT_CURRENCY, theme, VERIFICATION_CODE_TTL_MS } from '@/lib/constants';
import { INVITATION_TTL_DAYS } from '@/lib/contract/invitations';
import { plans, type PlanCode, type PlanLimits } from '@/lib/plans';
import { planChangeRights, type BillingSetup } from '@/lib/policies/plan-change';
import { hubAbilities } from '@/lib/policies/abilities';
import { twoFactorFlags, type MockTwoFactorData } from './two-factor-state';
import type { MockAccountData } from './account-state';
import type { MockAskData } from './ask-state';
import type { MockRecordsData } from './records-state';

const MOCK_BILLING: BillingSetup = { provider: 'manual', administrators: [] };

/** In mock mode every verification code is this one (it is also printed to the console). */
export const MOCK_VERIFICATION_CODE = '123456';
/** The mock has one sign-up secret for everyone: it keeps shapes, not the API's rules. */
export const MOCK_REGISTRATION = 'mock-registration';

/** A signed-up account with a hub, so sign-in works straight away in mock mode. */
export const MOCK_DEMO_ACCOUNT = { email: 'demo@example.com', password: 'Convene#2024', name: 'Dana Demo' } as const;
/** The demo hub is public and open to example.com, so a new @example.com user is offered it on /join-hub. */
export const MOCK_DEMO_HUB = { name: 'Example Team', domainHandle: 'example-team', emailDomain: 'example.com' } as const;

export interface MockUser {
  id: string;
  email: string;
  name: string;
  password: string | null;
  emailVerified: boolean;
  profileRole: string | null;
  about: string | null;
  colour: string;
  /** The photo as the browser loads it (a data URL in the mock); absent or null for none. */
  photoUrl?: string | null;
  /** The address an email change is waiting to confirm. */
  pendingEmail?: string | null;
  profileCompleted: boolean;
  activeHubId: string | null;
  createdAt: string;
}

/** A person's avatar as the members' lists answer it. */
export const mockAvatarOf = (user: MockUser) => ({ colour: user.colour, photo_url: user.photoUrl ?? null });

export interface MockHub {
  id: string;
  name: string;
  domainHandle: string;
  description: string | null;
  visibility: HubVisibility;
  colour: string;
  emailDomain: string | null;
  createdAt: string;
  /** Set when the owner archived the hub: it then answers like a missing one. */
  archivedAt?: string | null;
  /** The hub's plan; free when absent. */
  planCode?: PlanCode;
}

export interface MockMembership {
  hubId: string;
  userId: string;
  role: Role;
  createdAt: string;
}

export interface MockInvitation {
  hubId: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  /** Set for an invitation into one space of the hub. */
  spaceId?: string | null;
  /** The rest is filled in by `db.invitationMeta` for invitations seeded with the four fields above. */
  id?: string;
  token?: string;
  createdAt?: string;
  expiresAt?: string;
  /** When each email went out, for the resend limit. */
  sends?: string[];
}

export interface MockSpace {
  id: string;
  hubId: string;
  name: string;
  description: string | null;
  visibility: SpaceVisibility;
  createdBy: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Each person's own marks on the space, by user id (absent in data kept by an older mock). */
  marks?: Record<string, { starredAt: string | null; visitedAt: string | null }>;
}

export interface MockSpaceMembership {
  spaceId: string;
  userId: string;
  role: Role;
  createdAt: string;
}

export type MockCell = string | number | boolean | null;

/** A content item of a space; its original bytes live in `MockDb.files` (memory only). */
export interface MockContent {
  id: string;
  hubId: string;
  spaceId: string;
  kind: ContentKind;
  source: ContentSource;
  name: string;
  extension: string | null;
  mimeType: string | null;
  sizeBytes: number;
  status: ContentStatus;
  failureReason: string | null;
  details: ContentDetails;
  /** Extracted text, the note, or the contact as text: what search reads. */
  body: string;
  /** Parsed rows of a table or contact file, cells in column order. */
  rows: MockCell[][];
  /** A parsed email's bodies and attachments (their bytes in `MockDb.files` as `<id>.att-<n>`). */
  email: { text: string; html: string | null; attachments: { index: number; name: string; sizeBytes: number; mimeType: string }[] } | null;
  /**
   * Processing is simulated by the clock: queued until `processingAt`,
   * processing until `finishAt` (ms since the epoch), then `outcome`.
   */
  processingAt: number;
  finishAt: number;
  outcome: { status: 'ready' } | { status: 'failed'; reason: string };
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A hub's form template, as stored. */
export interface MockTemplate {
  id: string;
  hubId: string;
  name: string;
  description: string;
  fields: TemplateField[];
  archivedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface MockCode {
  code: string;
  attempts: number;
  expiresAt: number;
}

/** Plain data only, so the browser worker can keep it in localStorage across reloads. */
export interface MockMeeting {
  id: string;
  code: string;
  hubId: string;
  spaceId: string | null;
  createdBy: string | null;
  createdAt: string;
}

export interface MockData {
  users: MockUser[];
  organizations: MockHub[];
  memberships: MockMembership[];
  invitations: MockInvitation[];
  spaces: MockSpace[];
  spaceMemberships: MockSpaceMembership[];
  contents: MockContent[];
  meetings: MockMeeting[];
  /** session token → user id */
  sessions: Record<string, string>;
  /** email → pending verification code */
  codes: Record<string, MockCode>;
  /** reset token → user id */
  resetTokens: Record<string, string>;
  /** Second factors, pending second steps and hub requirements (made on first use: see two-factor-state.ts). */
  twoFactor?: MockTwoFactorData;
  /** Where people are signed in and the audit trail (made on first use: see account-state.ts). */
  account?: MockAccountData;
  /** Questions asked of each hub (made on first use: see ask-state.ts). */
  ask?: MockAskData;
  /** Each hub's form templates (made on first use; the built-in contact template is not stored). */
  templates?: MockTemplate[];
  /** Record tables' records and files read for import (made on first use: see records-state.ts). */
  records?: MockRecordsData;
}

const newId = () => globalThis.crypto.randomUUID();
const now = () => new Date().toISOString();

function seedData(): MockData {
  const createdAt = now();
  const demo: MockUser = {
    id: newId(),
    email: MOCK_DEMO_ACCOUNT.email,
    name: MOCK_DEMO_ACCOUNT.name,
    password: MOCK_DEMO_ACCOUNT.password,
    emailVerified: true,
    profileRole: 'product_manager',
    about: null,
    colour: theme.primaryColor,
    profileCompleted: true,
    activeHubId: null,
    createdAt,
  };
  const hub: MockHub = {
    id: newId(),
    name: MOCK_DEMO_HUB.name,
    domainHandle: MOCK_DEMO_HUB.domainHandle,
    description: 'The demo hub of mock mode.',
    visibility: 'public',
    colour: theme.primaryColor,
    emailDomain: MOCK_DEMO_HUB.emailDomain,
    createdAt,
  };
  demo.activeHubId = hub.id;
  return {
    users: [demo],
    organizations: [hub],
    memberships: [{ hubId: hub.id, userId: demo.id, role: 'owner', createdAt }],
    invitations: [],
    spaces: [],
    spaceMemberships: [],
    contents: [],
    meetings: [],
    sessions: {},
    codes: {},
    resetTokens: {},
  };
}

/**
 * The mock backend's database: plain in-memory data in the API's shapes, and
 * the little it takes to walk the onboarding steps (joinable hubs, the free
 * plan's usage). Access rules are the API's, not kept here.
 */
export class MockDb {
  data: MockData;

  constructor(
    initial: MockData = seedData(),
    private readonly persist: (data: MockData) => void = () => undefined,
  ) {
    // Data kept by an older mock (localStorage) lacks the newer collections.
    this.data = {
      ...initial,
      spaces: initial.spaces ?? [],
      spaceMemberships: initial.spaceMemberships ?? [],
      contents: initial.contents ?? [],
      meetings: initial.meetings ?? [],
    };
  }

  /** Uploaded bytes by storage key (content id, `<id>.att-<n>`): kept in memory only, too big for localStorage. */
  files = new Map<string, Blob>();

  /** How long an upload stays queued, then processing (ms); tests set them to 0 or to hours. */
  processingDelays = { queuedMs: 1500, processingMs: 3000 };

  reset(): void {
    this.data = seedData();
    this.files.clear();
    this.processingDelays = { queuedMs: 1500, processingMs: 3000 };
    this.save();
  }

  save(): void {
    this.persist(this.data);
  }

  newId = newId;
  now = now;

  userByEmail(email: string): MockUser | undefined {
    return this.data.users.find((u) => u.email === email.toLowerCase());
  }

  userById(id: string): MockUser | undefined {
    return this.data.users.find((u) => u.id === id);
  }

  hubByHandle(handle: string): MockHub | undefined {
    return this.data.organizations.find((o) => o.domainHandle === handle.toLowerCase() && !o.archivedAt);
  }

  /** An invitation's id, link token, dates and sends, made up once for invitations seeded without them. */
  invitationMeta(invitation: MockInvitation): Required<MockInvitation> {
    const createdAt = invitation.createdAt ?? now();
    invitation.id ??= newId();
    invitation.spaceId ??= null;
    invitation.token ??= `invite-${newId()}`;
    invitation.createdAt = createdAt;
    invitation.expiresAt ??= new Date(Date.parse(createdAt) + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString();
    invitation.sends ??= [createdAt];
    return invitation as Required<MockInvitation>;
  }

  membership(userId: string, hubId: string): MockMembership | undefined {
    return this.data.memberships.find((m) => m.userId === userId && m.hubId === hubId);
  }

  createSession(userId: string): string {
    const token = `mock.${newId()}`;
    this.data.sessions[token] = userId;
    return token;
  }

  userForToken(token: string): MockUser | undefined {
    const userId = this.data.sessions[token];
    return userId ? this.userById(userId) : undefined;
  }

  revokeSessions(userId: string, keep?: string): void {
    for (const [token, owner] of Object.entries(this.data.sessions)) {
      if (owner === userId && token !== keep) delete this.data.sessions[token];
    }
  }

  /**
   * Adds a verified account (tests and demos) and signs it in. With
   * `profile` the basic profile is done; with `hub` the account owns that hub,
   * which makes its onboarding `completed`.
   */
  createAccount(opts: {
    email: string;
    name?: string;
    password?: string;
    profile?: boolean;
    hub?: { name: string; domainHandle: string };
  }): { user: MockUser; token: string } {
    const createdAt = now();
    const user: MockUser = {
      id: newId(),
      email: opts.email.toLowerCase(),
      name: opts.name ?? 'Test User',
      password: opts.password ?? MOCK_DEMO_ACCOUNT.password,
      emailVerified: true,
      profileRole: opts.profile || opts.hub ? 'software_engineer' : null,
      about: null,
      colour: theme.primaryColor,
      profileCompleted: Boolean(opts.profile || opts.hub),
      activeHubId: null,
      createdAt,
    };
    this.data.users.push(user);
    if (opts.hub) {
      const hub: MockHub = {
        id: newId(),
        name: opts.hub.name,
        domainHandle: opts.hub.domainHandle.toLowerCase(),
        description: null,
        visibility: 'shared',
        colour: theme.primaryColor,
        emailDomain: null,
        createdAt,
      };
      this.data.organizations.push(hub);
      this.data.memberships.push({ hubId: hub.id, userId: user.id, role: 'owner', createdAt });
      user.activeHubId = hub.id;
    }
    return { user, token: this.createSession(user.id) };
  }

  issueCode(email: string): MockCode {
    const code = { code: MOCK_VERIFICATION_CODE, attempts: 0, expiresAt: Date.now() + VERIFICATION_CODE_TTL_MS };
    this.data.codes[email] = code;
    console.info(`[mock API] verification code for ${email}: ${MOCK_VERIFICATION_CODE}`);
    return code;
  }

  summary(org: MockHub): HubSummary {
    return {
      id: org.id,
      name: org.name,
      domain_handle: org.domainHandle,
      description: org.description,
      visibility: org.visibility,
      colour: org.colour,
      email_domain: org.emailDomain,
      member_count: this.data.memberships.filter((m) => m.hubId === org.id).length,
      created_at: org.createdAt,
    };
  }

  myHub(org: MockHub, role: Role): MyHub {
    return { ...this.summary(org), role, abilities: hubAbilities(role) };
  }

  hubsOf(userId: string): MyHub[] {
    return this.data.memberships
      .filter((m) => m.userId === userId)
      .flatMap((m) => {
        const org = this.data.organizations.find((o) => o.id === m.hubId && !o.archivedAt);
        return org ? [this.myHub(org, m.role)] : [];
      });
  }

  /** Invitations first, then public hubs open to the user's email domain; never hubs the user is in. */
  joinableFor(user: MockUser): JoinableHub[] {
    const mine = new Set(this.data.memberships.filter((m) => m.userId === user.id).map((m) => m.hubId));
    const result: JoinableHub[] = [];
    // Hub invitations before space ones; a space invitation offers its hub as a viewer.
    const invitations = [...this.data.invitations].sort((a, b) => Number(Boolean(a.spaceId)) - Number(Boolean(b.spaceId)));
    for (const invitation of invitations) {
      const org = this.data.organizations.find((o) => o.id === invitation.hubId && !o.archivedAt);
      if (!org || invitation.email !== user.email || mine.has(org.id) || result.some((r) => r.id === org.id)) continue;
      const invitedBy = invitation.invitedBy ? (this.userById(invitation.invitedBy)?.name ?? null) : null;
      result.push({ ...this.summary(org), reason: 'invitation', role: invitation.spaceId ? 'viewer' : invitation.role, invited_by: invitedBy });
    }
    const domain = user.email.split('@')[1] ?? '';
    for (const org of this.data.organizations) {
      if (org.archivedAt || org.visibility !== 'public' || org.emailDomain !== domain || mine.has(org.id)) continue;
      if (result.some((r) => r.id === org.id)) continue;
      result.push({ ...this.summary(org), reason: 'email_domain', role: 'viewer', invited_by: null });
    }
    return result;
  }

  currentStepOf(user: MockUser): CurrentStep {
    if (!user.profileCompleted) return 'profile';
    if (this.hubsOf(user.id).length > 0) return 'completed';
    return this.joinableFor(user).length > 0 ? 'join_organization' : 'organization';
  }

  /** The auth/me/ view. */
  userView(user: MockUser): User {
    const hubs = this.hubsOf(user.id);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      email_verified: user.emailVerified,
      profile: { role: user.profileRole, about: user.about, colour: user.colour },
      photo_url: user.photoUrl ?? null,
      has_password: user.password !== null,
      current_step: this.currentStepOf(user),
      organization: this.joinableFor(user)[0] ?? null,
      active_organization: hubs.find((h) => h.id === user.activeHubId) ?? hubs[0] ?? null,
      organizations: hubs,
      created_at: user.createdAt,
      ...twoFactorFlags(this, user.id),
    };
  }

  /** What the hub uses of each plan limit. */
  usageOf(org: MockHub): PlanLimits {
    return {
      members: this.data.memberships.filter((m) => m.hubId === org.id).length,
      spaces: this.data.spaces.filter((s) => s.hubId === org.id && !s.archivedAt).length,
      storage_bytes: this.data.contents.filter((c) => c.hubId === org.id).reduce((sum, c) => sum + c.sizeBytes, 0),
    };
  }

  /** The hub's plan as `reader` sees it. The mock runs as a server with no billing administrators. */
  subscriptionOf(org: MockHub, reader: MockUser, role: Role): Subscription {
    const plan = plans[org.planCode ?? 'free'];
    const ownership = this.data.memberships
      .filter((m) => m.hubId === org.id && m.role === 'owner')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
    const owner = ownership && this.userById(ownership.userId);
    return {
      plan: { code: plan.code, name: plan.name, price: plan.price, interval: plan.interval },
      status: 'active',
      currency: DEFAULT_CURRENCY,
      started_at: org.createdAt,
      limits: plan.limits,
      usage: this.usageOf(org),
      owner: owner ? { id: owner.id, name: owner.name } : null,
      change: planChangeRights({ role, email: reader.email, setup: MOCK_BILLING }),
    };
  }
}
