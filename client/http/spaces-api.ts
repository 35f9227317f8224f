import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../lib/constants';
import type {
  AddSpaceMemberBody,
  CreateSpaceBody,
  SpaceListFilters,
  SpaceMemberListFilters,
  UpdateSpaceBody,
  UpdateSpaceMemberBody,
} from '../../lib/contract/spaces';
import type { CreateInvitationsBody } from '../../lib/contract/invitations';
import { call } from './api';
import type { InvitationScope } from './hub-admin-api';

/** Spaces of the active hub (the request's Org-Handle). */
export const spacesApi = {
  list: (page = 1, filters: SpaceListFilters = {}) =>
    call('GET spaces/', { query: { page, page_size: PAGE_SIZE, ...filters } }),
  /** The side bar's spaces: starred, then last opened, then the rest by name; one large page. */
  sidebar: (search?: string) =>
    call('GET spaces/', { query: { page: 1, page_size: MAX_PAGE_SIZE, order: 'marks', ...(search ? { search } : {}) } }),
  create: (body: CreateSpaceBody) => call('POST spaces/', { body }),
  star: (id: string) => call('PUT spaces/:id/star/', { params: { id } }),
  unstar: (id: string) => call('DELETE spaces/:id/star/', { params: { id } }),
  get: (id: string) => call('GET spaces/:id/', { params: { id } }),
  update: (id: string, body: UpdateSpaceBody) => call('PATCH spaces/:id/', { params: { id }, body }),
  archive: (id: string) => call('POST spaces/:id/archive/', { params: { id } }),
  restore: (id: string) => call('POST spaces/:id/restore/', { params: { id } }),
  /** Public ("Everyone") spaces only; joins as a viewer. */
  join: (id: string) => call('POST spaces/:id/join/', { params: { id } }),
  leave: (id: string) => call('POST spaces/:id/leave/', { params: { id } }),
  members: (id: string, page = 1, filters: SpaceMemberListFilters = {}) =>
    call('GET spaces/:id/members/', { params: { id }, query: { page, page_size: PAGE_SIZE, ...filters } }),
  /** Hub members who could be added: not in the space yet, nor the caller. */
  memberCandidates: (id: string, search?: string) =>
    call('GET spaces/:id/member-candidates/', { params: { id }, query: { page: 1, page_size: PAGE_SIZE, ...(search ? { search } : {}) } }),
  addMember: (id: string, body: AddSpaceMemberBody) => call('POST spaces/:id/members/', { params: { id }, body }),
  updateMember: (id: string, userId: string, body: UpdateSpaceMemberBody) =>
    call('PATCH spaces/:id/members/:user_id/', { params: { id, user_id: userId }, body }),
  removeMember: (id: string, userId: string) => call('DELETE spaces/:id/members/:user_id/', { params: { id, user_id: userId } }),
};

/** Email invitations into a space (editors and owners of the space; not for private spaces). */
export const spaceInvitationApi = {
  create: (id: string, body: CreateInvitationsBody) => call('POST spaces/:id/invitations/', { params: { id }, body }),
  list: (id: string, page = 1) => call('GET spaces/:id/invitations/', { params: { id }, query: { page, page_size: PAGE_SIZE } }),
  resend: (id: string, invitationId: string) =>
    call('POST spaces/:id/invitations/:invitation_id/resend/', { params: { id, invitation_id: invitationId } }),
  cancel: (id: string, invitationId: string) =>
    call('DELETE spaces/:id/invitations/:invitation_id/', { params: { id, invitation_id: invitationId } }),
};

export const spaceInvitations = (id: string): InvitationScope => ({
  key: `space:${id}`,
  create: (body) => spaceInvitationApi.create(id, body),
  list: (page) => spaceInvitationApi.list(id, page),
  resend: (invitationId) => spaceInvitationApi.resend(id, invitationId),
  cancel: (invitationId) => spaceInvitationApi.cancel(id, invitationId),
});
