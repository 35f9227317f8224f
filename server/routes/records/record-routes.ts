import { recordEndpoints } from '../../../lib/contract/records';
import { createRecordTable } from '../../domain/records/create-record-table';
import { listRecords } from '../../domain/records/list-records';
import { createRecord, deleteRecord, getRecord, updateRecord } from '../../domain/records/write-records';
import { ok, paged } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { presenterOf } from '../contents/presenter';
import { viewerOf } from '../spaces/viewer';

/** Record tables and their records. */
export function registerRecordRoutes(app: App): void {
  const { db } = app.deps;

  route(app, recordEndpoints.createTable, async (request, reply) => {
    const created = await createRecordTable({
      db, viewer: viewerOf(request), spaceId: request.params.id, table: request.body, presenter: presenterOf(app, request),
    });
    return reply.status(201).send(ok(created, `${created.name} is created.`));
  });

  route(app, recordEndpoints.list, async (request) => {
    const { id: spaceId, content_id: contentId } = request.params;
    const { items, count } = await listRecords({ db, viewer: viewerOf(request), spaceId, contentId, query: request.query });
    return paged(items, count, request.query);
  });

  route(app, recordEndpoints.create, async (request, reply) => {
    const { id: spaceId, content_id: contentId } = request.params;
    const created = await createRecord({ db, viewer: viewerOf(request), spaceId, contentId, values: request.body.values });
    return reply.status(201).send(ok(created, 'Record added.'));
  });

  route(app, recordEndpoints.get, async (request) => {
    const { id: spaceId, content_id: contentId, record_id: recordId } = request.params;
    return ok(await getRecord({ db, viewer: viewerOf(request), spaceId, contentId, recordId }));
  });

  route(app, recordEndpoints.update, async (request) => {
    const { id: spaceId, content_id: contentId, record_id: recordId } = request.params;
    const updated = await updateRecord({ db, viewer: viewerOf(request), spaceId, contentId, recordId, ...request.body });
    return ok(updated, 'Record saved.');
  });

  route(app, recordEndpoints.remove, async (request) => {
    const { id: spaceId, content_id: contentId, record_id: recordId } = request.params;
    await deleteRecord({ db, viewer: viewerOf(request), spaceId, contentId, recordId });
    return ok(null, 'Record deleted.');
  });
}
