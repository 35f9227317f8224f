import { z } from 'zod';
import {
  contentItemSchema, contentListQuery, contentParams, contentRowSchema, emailViewSchema, renameContentBody, textPageQuery,
  textPageSchema,
} from '../../../lib/contract/contents';
import { dataEnvelope, listEnvelope, pageQuery } from '../../../lib/contract/envelope';
import { spaceParams } from '../../../lib/contract/spaces';
import { deleteContent } from '../../domain/contents/delete-content';
import { getContent } from '../../domain/contents/get-content';
import { getEmailView } from '../../domain/contents/get-email-view';
import { listContentRows } from '../../domain/contents/list-content-rows';
import { listContents } from '../../domain/contents/list-contents';
import { readContentText } from '../../domain/contents/read-content-text';
import { renameContent } from '../../domain/contents/rename-content';
import { ok, paged } from '../../lib/envelope';
import type { App } from '../../types';
import { clientInfoOf } from '../auth/client-info';
import { errorResponses, signedIn } from '../auth/responses';
import { viewerOf } from '../spaces/viewer';
import { presenterOf } from './presenter';

const tags = ['contents'];
const item = dataEnvelope(contentItemSchema);

/** List, read, rename, delete, text pages, rows and email view of a space's contents. */
export function registerContentReadRoutes(app: App) {
  const { db, storage } = app.deps;

  app.get('/:id/contents/', {
    schema: {
      tags, security: signedIn, summary: "A space's contents, with filters, sorting and a search on the name",
      params: spaceParams,
      querystring: contentListQuery,
      response: { 200: listEnvelope(contentItemSchema), ...errorResponses(400, 401, 404) },
    },
  }, async (request) => {
    const { page, page_size, ...filters } = request.query;
    const { items, count } = await listContents({
      db, viewer: viewerOf(request), spaceId: request.params.id, page: { page, page_size }, filters, presenter: presenterOf(app, request),
    });
    return paged(items, count, request.query);
  });

  app.get('/:id/contents/:content_id/', {
    schema: {
      tags, security: signedIn, summary: 'One item of a space',
      params: contentParams,
      response: { 200: item, ...errorResponses(401, 404) },
    },
  }, async (request) => ok(await getContent({
    db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, presenter: presenterOf(app, request),
  })));

  app.patch('/:id/contents/:content_id/', {
    schema: {
      tags, security: signedIn, summary: 'Rename an item',
      params: contentParams,
      body: renameContentBody,
      response: { 200: item, ...errorResponses(400, 401, 403, 404, 422) },
    },
  }, async (request) => {
    const renamed = await renameContent({
      db,
      viewer: viewerOf(request),
      spaceId: request.params.id,
      contentId: request.params.content_id,
      name: request.body.name,
      presenter: presenterOf(app, request),
    });
    return ok(renamed, 'Renamed.');
  });

  app.delete('/:id/contents/:content_id/', {
    schema: {
      tags, security: signedIn, summary: 'Delete an item and its files',
      params: contentParams,
      response: { 200: dataEnvelope(z.null()), ...errorResponses(401, 403, 404, 422) },
    },
  }, async (request) => {
    const deleted = await deleteContent({
      db, storage, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, client: clientInfoOf(request),
    });
    return ok(null, `${deleted.name} is deleted.`);
  });

  app.get('/:id/contents/:content_id/text/', {
    schema: {
      tags, security: signedIn, summary: "A page of an item's text",
      params: contentParams,
      querystring: textPageQuery,
      response: { 200: dataEnvelope(textPageSchema), ...errorResponses(400, 401, 404, 422) },
    },
  }, async (request) => ok(await readContentText({
    db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, page: request.query.page,
  })));

  app.get('/:id/contents/:content_id/rows/', {
    schema: {
      tags, security: signedIn, summary: 'A page of the rows parsed from a table or contact file',
      params: contentParams,
      querystring: pageQuery,
      response: { 200: listEnvelope(contentRowSchema), ...errorResponses(400, 401, 404, 422) },
    },
  }, async (request) => {
    const { items, count } = await listContentRows({
      db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, page: request.query,
    });
    return paged(items, count, request.query);
  });

  app.get('/:id/contents/:content_id/email/', {
    schema: {
      tags, security: signedIn, summary: 'A parsed email: headers, text, sanitised HTML and attachments',
      params: contentParams,
      response: { 200: dataEnvelope(emailViewSchema), ...errorResponses(401, 404, 422) },
    },
  }, async (request) => ok(await getEmailView({
    db,
    storage,
    viewer: viewerOf(request),
    spaceId: request.params.id,
    contentId: request.params.content_id,
    presenter: presenterOf(app, request),
  })));
}
