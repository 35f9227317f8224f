import type { FastifyReply } from 'fastify';
import { recordEndpoints } from '../../../lib/contract/records';
import { contentDisposition } from '../../domain/files/content-disposition';
import { exportRecords } from '../../domain/records/export-records';
import { requestImportCancel } from '../../domain/records/cancel-import';
import { findImportProgress } from '../../domain/records/find-record-import';
import { findRecordTable } from '../../domain/records/find-record-table';
import { createImportReader } from '../../domain/records/import-reader';
import { runImport } from '../../domain/records/run-import';
import { IMPORT_MAX_BYTES, importFromContent, importFromFile } from '../../domain/records/start-import';
import { ok } from '../../lib/envelope';
import type { App } from '../../types';
import { route } from '../endpoint-route';
import { bodyStream, requiredLength, settleUnreadBody } from '../raw-body';
import { viewerOf } from '../spaces/viewer';

const importedMessage = (n: number) => `Imported ${n} ${n === 1 ? 'record' : 'records'}.`;

/** …/records/imports/… (read a file, map its columns, check and save its rows, follow or cancel the saving) and …/records/export/. */
export async function registerImportRoutes(app: App): Promise<void> {
  const { db, config } = app.deps;
  // Files are read on threads of their own, so reading one never holds up the event loop.
  const reader = createImportReader(config);
  app.addHook('onClose', () => reader.close());

  // The file is the whole body, whatever its type: left unparsed and read as the file's bytes.
  await app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.addHook('onSend', async (request, reply) => settleUnreadBody(request, reply, IMPORT_MAX_BYTES));

    route(scope, recordEndpoints.uploadImport, async (request, reply) => {
      const preview = await importFromFile({
        db,
        viewer: viewerOf(request),
        spaceId: request.params.id,
        contentId: request.params.content_id,
        fileName: request.query.name,
        declaredBytes: requiredLength(request),
        openBody: () => bodyStream(request.raw),
        reader,
      });
      return reply.status(201).send(ok(preview));
    });
  });

  route(app, recordEndpoints.importFromContent, async (request, reply) => {
    const preview = await importFromContent({
      db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, sourceId: request.body.content_id,
    });
    return reply.status(201).send(ok(preview));
  });

  route(app, recordEndpoints.runImport, async (request) => {
    const { mapping, dry_run: dryRun } = request.body;
    const report = await runImport({
      db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id,
      importId: request.params.import_id, mapping, dryRun,
    });
    return ok(report, dryRun ? undefined : importedMessage(report.imported));
  });

  route(app, recordEndpoints.importProgress, async (request) => {
    const viewer = viewerOf(request);
    const table = await findRecordTable({ db, viewer, spaceId: request.params.id, contentId: request.params.content_id, write: true });
    return ok(await findImportProgress({ db, viewer, contentId: table.row.content.id, importId: request.params.import_id }));
  });

  route(app, recordEndpoints.cancelImport, async (request) => {
    const viewer = viewerOf(request);
    const table = await findRecordTable({ db, viewer, spaceId: request.params.id, contentId: request.params.content_id, write: true });
    return ok(await requestImportCancel({ db, viewer, contentId: table.row.content.id, importId: request.params.import_id }));
  });

  route(app, recordEndpoints.export, async (request, typedReply) => {
    // The typed reply knows the contract's string; the file goes out as a stream, which no serializer touches.
    const reply: FastifyReply = typedReply;
    const file = await exportRecords({
      db, viewer: viewerOf(request), spaceId: request.params.id, contentId: request.params.content_id, format: request.query.format,
    });
    return reply
      .type(file.contentType)
      .header('Content-Disposition', contentDisposition('attachment', file.fileName))
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.body);
  });
}
