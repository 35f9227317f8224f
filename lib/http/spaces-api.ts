import type {
  AddSpaceMemberBody, CreateSpaceBody, Space, SpaceListFilters, SpaceMember, SpaceMemberListFilters,
  UpdateSpaceBody, UpdateSpaceMemberBody,
} from '../contract/spaces';
import type { CreateInvitationsBody, Invitation, InviteResult } from '../contract/invitations';
import { http, type Envelope } from './api';
import type { InvitationScope } from './hub-admin-api';

const space = (id: string) => `spaces/${encodeURIComponent(id)}/`;
const member = (id: string, userId: string) => `${space(id)}members/${encodeURIComponent(userId)}/`;
const invitation = (id: string, invitationId: string) => `${space(id)}invitations/${encodeURIComponent(invitationId)}/`;

/** Spaces of the active hub (the request's Org-Handle). */
export const spacesApi = {
  list: (page = 1, filters: SpaceListFilters = {}) => http.list<Space>('spaces/', page, filters),
  create: (body: CreateSpaceBody) => http.post<Envelope<Space>>('spaces/', body),
  get: (id: string) => http.get<Envelope<Space>>(space(id)),
  update: (id: string, body: UpdateSpaceBody) => http.patch<Envelope<Space>>(space(id), body),
  archive: (id: string) => http.post<Envelope<Space>>(`${space(id)}archive/`),
  restore: (id: string) => http.post<Envelope<Space>>(`${space(id)}restore/`),
  /** Public ("Everyone") spaces only; joins as a viewer. */
  join: (id: string) => http.post<Envelope<Space>>(`${space(id)}join/`),
  leave: (id: string) => http.post<Envelope<null>>(`${space(id)}leave/`),
  members: (id: string, page = 1, filters: SpaceMemberListFilters = {}) =>
    http.list<SpaceMember>(`${space(id)}members/`, page, filters),
  addMember: (id: string, body: AddSpaceMemberBody) => http.post<Envelope<SpaceMember>>(`${space(id)}members/`, body),
  updateMember: (id: string, userId: string, body: UpdateSpaceMemberBody) =>
    http.patch<Envelope<SpaceMember>>(member(id, userId), body),
  removeMember: (id: string, userId: string) => http.delete<Envelope<null>>(member(id, userId)),
};

/** Email invitations into a space (editors and owners of the space; not for private spaces). */
export const spaceInvitationApi = {
  create: (id: string, body: CreateInvitationsBody) => http.post<Envelope<InviteResult[]>>(`${space(id)}invitations/`, body),
  list: (id: string, page = 1) => http.list<Invitation>(`${space(id)}invitations/`, page),
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
