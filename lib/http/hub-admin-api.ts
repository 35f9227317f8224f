import type { User } from '../contract/auth';
import type {
  CreateInvitationsBody, Invitation, InvitationAcceptance, InvitationPreview, InviteResult,
} from '../contract/invitations';
import type { Member, MembersQuery, UpdateMemberBody } from '../contract/members';
import type {
  ArchiveOrganizationBody, MyOrganization, OrganizationPreview, TransferOrganizationBody, UpdateOrganizationBody,
} from '../contract/organizations';
import { http, type Envelope, type ListEnvelope } from './api';

const hub = (handle: string) => `organizations/${encodeURIComponent(handle)}/`;

/** Hub administration: settings, archive, ownership, and the public preview behind the join link. */
export const hubAdminApi = {
  update: (handle: string, body: UpdateOrganizationBody) => http.patch<Envelope<MyOrganization>>(hub(handle), body),
  /** `confirm` must be the hub handle. Answers with the caller's user view (the hub is gone from it). */
  archive: (handle: string, body: ArchiveOrganizationBody) => http.post<Envelope<User>>(`${hub(handle)}archive/`, body),
  /** The hub as the caller now sees it: the caller is an editor afterwards. */
  transfer: (handle: string, body: TransferOrganizationBody) =>
    http.post<Envelope<MyOrganization>>(`${hub(handle)}transfer/`, body),
  preview: (handle: string) => http.get<Envelope<OrganizationPreview>>(`${hub(handle)}preview/`),
};

export const memberApi = {
  list: (handle: string, page = 1, params: Omit<MembersQuery, 'page'> = {}) =>
    http.list<Member>(`${hub(handle)}members/`, page, params),
  updateRole: (handle: string, userId: string, body: UpdateMemberBody) =>
    http.patch<Envelope<Member>>(`${hub(handle)}members/${encodeURIComponent(userId)}/`, body),
  remove: (handle: string, userId: string) =>
    http.delete<Envelope<null>>(`${hub(handle)}members/${encodeURIComponent(userId)}/`),
  /** Answers with the caller's user view (active hub and current_step may have changed). */
  leave: (handle: string) => http.post<Envelope<User>>(`${hub(handle)}leave/`),
};

export const invitationApi = {
  create: (handle: string, body: CreateInvitationsBody) =>
    http.post<Envelope<InviteResult[]>>(`${hub(handle)}invitations/`, body),
  list: (handle: string, page = 1) => http.list<Invitation>(`${hub(handle)}invitations/`, page),
  resend: (handle: string, id: string) =>
    http.post<Envelope<Invitation>>(`${hub(handle)}invitations/${encodeURIComponent(id)}/resend/`),
  cancel: (handle: string, id: string) =>
    http.delete<Envelope<null>>(`${hub(handle)}invitations/${encodeURIComponent(id)}/`),
  /** No sign-in needed: what the emailed link's page shows. */
  preview: (token: string) => http.get<Envelope<InvitationPreview>>(`invitations/${encodeURIComponent(token)}/`),
  /** The signed-in user's email must be the invited one. `space` is set when it was an invitation into a space. */
  accept: (token: string) =>
    http.post<Envelope<InvitationAcceptance>>(`invitations/${encodeURIComponent(token)}/accept/`),
};

/** The invitations of one place, a hub or a space of it: the invite form and the pending list work with either. */
export interface InvitationScope {
  /** Differs between places, so a list reloads when the place changes. */
  key: string;
  create(body: CreateInvitationsBody): Promise<Envelope<InviteResult[]>>;
  list(page?: number): Promise<ListEnvelope<Invitation>>;
  resend(id: string): Promise<Envelope<Invitation>>;
  cancel(id: string): Promise<Envelope<null>>;
}

export const hubInvitations = (handle: string): InvitationScope => ({
  key: `hub:${handle}`,
  create: (body) => invitationApi.create(handle, body),
  list: (page) => invitationApi.list(handle, page),
  resend: (id) => invitationApi.resend(handle, id),
  cancel: (id) => invitationApi.cancel(handle, id),
});
