import { PAGE_SIZE } from '../constants';
import {
  spaceEndpoints, type AddSpaceMemberBody, type CreateSpaceBody, type SpaceListFilters, type SpaceMemberListFilters,
  type UpdateSpaceBody, type UpdateSpaceMemberBody,
} from '../contract/spaces';
import type { CreateInvitationsBody, Invitation, InviteResult } from '../contract/invitations';
import { call, http, type Envelope } from './api';
import type { InvitationScope } from './hub-admin-api';

const invitation = (id: string, invitationId: string) => `spaces/${encodeURIComponent(id)}/invitations/${encodeURIComponent(invitationId)}/`;

/** Spaces of the active hub (the request's Org-Handle). */
export const spacesApi = {
  list: (page = 1, filters: SpaceListFilters = {}) =>
    call(spaceEndpoints.list, { query: { page, page_size: PAGE_SIZE, ...filters } }),
  create: (body: CreateSpaceBody) => call(spaceEndpoints.create, { body }),
  get: (id: string) => call(spaceEndpoints.get, { params: { id } }),
  update: (id: string, body: UpdateSpaceBody) => call(spaceEndpoints.update, { params: { id }, body }),
  archive: (id: string) => call(spaceEndpoints.archive, { params: { id } }),
  restore: (id: string) => call(spaceEndpoints.restore, { params: { id } }),
  /** Public ("Everyone") spaces only; joins as a viewer. */
  join: (id: string) => call(spaceEndpoints.join, { params: { id } }),
  leave: (id: string) => call(spaceEndpoints.leave, { params: { id } }),
  members: (id: string, page = 1, filters: SpaceMemberListFilters = {}) =>
    call(spaceEndpoints.members, { params: { id }, query: { page, page_size: PAGE_SIZE, ...filters } }),
  addMember: (id: string, body: AddSpaceMemberBody) => call(spaceEndpoints.addMember, { params: { id }, body }),
  updateMember: (id: string, userId: string, body: UpdateSpaceMemberBody) =>
    call(spaceEndpoints.updateMember, { params: { id, user_id: userId }, body }),
  removeMember: (id: string, userId: string) => call(spaceEndpoints.removeMember, { params: { id, user_id: userId } }),
};

/** Email invitations into a space (editors and owners of the space; not for private spaces). */
export const spaceInvitationApi = {
  create: (id: string, body: CreateInvitationsBody) => http.post<Envelope<InviteResult[]>>(`spaces/${encodeURIComponent(id)}/invitations/`, body),
  list: (id: string, page = 1) => http.list<Invitation>(`spaces/${encodeURIComponent(id)}/invitations/`, page),
  resend: (id: string, invitationId: string) => http.post<Envelope<Invitation>>(`${invitation(id, invitationId)}resend/`),
  cancel: (id: string, invitationId: string) => http.delete<Envelope<null>>(invitation(id, invitationId)),
};

export const spaceInvitations = (id: string): InvitationScope => ({
  key: `space:${id}`,
  create: (body) => spaceInvitationApi.create(id, body),
  list: (page) => spaceInvitationApi.list(id, page),
  resend: (invitationId) => spaceInvitationApi.resend(id, invitationId),
  cancel: (invitationId) => spaceInvitationApi.cancel(id, invitationId),
});
