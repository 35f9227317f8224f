import { PAGE_SIZE } from '../../lib/constants';
import type { CreateInvitationsBody, Invitation, InviteResult } from '../../lib/contract/invitations';
import type { MembersQuery, UpdateMemberBody } from '../../lib/contract/members';
import type { ArchiveHubBody, TransferHubBody, UpdateHubBody } from '../../lib/contract/hubs';
import { call, type Envelope, type ListEnvelope } from './api';

/** Hub administration: settings, archive, ownership, and the public preview behind the join link. */
export const hubAdminApi = {
  update: (handle: string, body: UpdateHubBody) => call('PATCH organizations/:handle/', { params: { handle }, body }),
  /** `confirm` must be the hub handle. Answers with the caller's user view (the hub is gone from it). */
  archive: (handle: string, body: ArchiveHubBody) => call('POST organizations/:handle/archive/', { params: { handle }, body }),
  /** The hub as the caller now sees it: the caller is an editor afterwards. */
  transfer: (handle: string, body: TransferHubBody) => call('POST organizations/:handle/transfer/', { params: { handle }, body }),
  preview: (handle: string) => call('GET organizations/:handle/preview/', { params: { handle } }),
};

export const memberApi = {
  list: (handle: string, page = 1, params: Omit<MembersQuery, 'page'> = {}) =>
    call('GET organizations/:handle/members/', { params: { handle }, query: { page, page_size: PAGE_SIZE, ...params } }),
  updateRole: (handle: string, userId: string, body: UpdateMemberBody) =>
    call('PATCH organizations/:handle/members/:user_id/', { params: { handle, user_id: userId }, body }),
  remove: (handle: string, userId: string) => call('DELETE organizations/:handle/members/:user_id/', { params: { handle, user_id: userId } }),
  /** Answers with the caller's user view (active hub and current_step may have changed). */
  leave: (handle: string) => call('POST organizations/:handle/leave/', { params: { handle } }),
};

export const invitationApi = {
  create: (handle: string, body: CreateInvitationsBody) => call('POST organizations/:handle/invitations/', { params: { handle }, body }),
  list: (handle: string, page = 1) =>
    call('GET organizations/:handle/invitations/', { params: { handle }, query: { page, page_size: PAGE_SIZE } }),
  resend: (handle: string, id: string) => call('POST organizations/:handle/invitations/:id/resend/', { params: { handle, id } }),
  cancel: (handle: string, id: string) => call('DELETE organizations/:handle/invitations/:id/', { params: { handle, id } }),
  /** No sign-in needed: what the emailed link's page shows. */
  preview: (token: string) => call('GET invitations/:token/', { params: { token } }),
  /** The signed-in user's email must be the invited one. `space` is set when it was an invitation into a space. */
  accept: (token: string) => call('POST invitations/:token/accept/', { params: { token } }),
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
