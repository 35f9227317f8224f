import { z } from 'zod';
import { userSchema } from './auth';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope, pageQuery } from './envelope';
import {
  archiveHubBody, checkHandleQuery, checkHandleResponse, createHubBody, joinableHubSchema,
  myHubSchema, hubHandleParams, hubPreviewSchema, switchHubBody, transferHubBody,
  updateHubBody,
} from './hubs';
import { hubTwoFactorPolicyBody, hubTwoFactorPolicySchema } from './two-factor';

// Apart from organizations.ts because the user view (auth.ts) is built from the hub schemas there.

const hub = dataEnvelope(myHubSchema);
const user = dataEnvelope(userSchema);
const hubTwoFactorPolicy = dataEnvelope(hubTwoFactorPolicySchema);
const tag = 'organizations';
const params = hubHandleParams;

/** Hubs: create, check a handle, list mine, find joinable ones, read, join, switch; their settings and two-factor rule. */
export const hubEndpoints = {
  create: endpoint({
    method: 'POST', path: 'organizations/', tag, signedIn: true, summary: 'Create a hub (the caller becomes its owner)',
    body: createHubBody, status: 201, response: hub, errors: [400, 401, 403, 409],
  }),
  checkHandle: endpoint({
    method: 'GET', path: 'organizations/check/', tag, signedIn: true, summary: 'Whether a hub handle is valid and free',
    query: checkHandleQuery, response: dataEnvelope(checkHandleResponse), errors: [400, 401],
  }),
  list: endpoint({
    method: 'GET', path: 'organizations/', tag, signedIn: true, summary: 'The hubs I belong to',
    query: pageQuery, response: listEnvelope(myHubSchema), errors: [400, 401],
  }),
  joinable: endpoint({
    method: 'GET', path: 'organizations/joinable/', tag, signedIn: true,
    summary: 'Hubs I may join: invitations and hubs open to my email domain',
    response: dataEnvelope(z.array(joinableHubSchema)), errors: [401],
  }),
  switchTo: endpoint({
    method: 'POST', path: 'organizations/switch/', tag, signedIn: true, summary: 'Make one of my hubs the active one',
    body: switchHubBody, response: user, errors: [400, 401, 404],
  }),
  get: endpoint({
    method: 'GET', path: 'organizations/:handle/', tag, signedIn: true, summary: 'A hub I belong to',
    params, response: hub, errors: [401, 404],
  }),
  join: endpoint({
    method: 'POST', path: 'organizations/:handle/join/', tag, signedIn: true,
    summary: 'Join a public hub as a viewer, or accept my invitation to a hub',
    params, response: hub, errors: [401, 404, 409, 422],
  }),
  update: endpoint({
    method: 'PATCH', path: 'organizations/:handle/', tag, signedIn: true, hub: 'path', requires: { hub: 'change_visibility' },
    summary: 'Change hub settings: visibility (editors and above); name, description, colour, email domain (owner)',
    params, body: updateHubBody, response: hub, errors: [400, 401, 403, 404],
  }),
  archive: endpoint({
    method: 'POST', path: 'organizations/:handle/archive/', tag, signedIn: true, hub: 'path', requires: { hub: 'archive' },
    summary: 'Archive the hub (owner; confirm with the hub handle). Answers with my user view',
    params, body: archiveHubBody, response: user, errors: [400, 401, 403, 404],
  }),
  transfer: endpoint({
    method: 'POST', path: 'organizations/:handle/transfer/', tag, signedIn: true, hub: 'path', requires: { hub: 'transfer' },
    summary: 'Hand the hub to another member (owner); I become an editor',
    params, body: transferHubBody, response: hub, errors: [400, 401, 403, 404],
  }),
  preview: endpoint({
    method: 'GET', path: 'organizations/:handle/preview/', tag: 'members', signedIn: true,
    summary: 'A public hub as the shareable join link shows it (shared hubs answer 404)',
    params, response: dataEnvelope(hubPreviewSchema), errors: [401, 404],
  }),
  twoFactorPolicy: endpoint({
    method: 'GET', path: 'organizations/:handle/two-factor/', tag, signedIn: true, hub: 'path', requires: { hub: 'update' },
    summary: 'Whether the hub requires two-factor sign-in, and how many members lack it (owner)',
    params, response: hubTwoFactorPolicy, errors: [401, 403, 404],
  }),
  setTwoFactorPolicy: endpoint({
    method: 'PUT', path: 'organizations/:handle/two-factor/', tag, signedIn: true, hub: 'path', requires: { hub: 'update' },
    summary: 'Require two-factor sign-in of every member, or stop requiring it (owner, who must have it)',
    params, body: hubTwoFactorPolicyBody, response: hubTwoFactorPolicy, errors: [400, 401, 403, 404],
  }),
};
