import type { FastifyInstance } from 'fastify';
import { jobEndpoints } from '@ops/contract/jobs/jobs.endpoints';
import { BULK_RESOURCES } from '@ops/contract/jobs/jobs.schemas';
import { route } from '../../platform/route';
import { listRequestOf } from '../../list-query/list-request';
import { listViewer } from '../../list-query/list-viewer';
import { receiveMultipart } from '../../platform/multipart';
import { JOBS_ERRORS } from './jobs.errors';
import type { JobsService } from './jobs.service';
import type { ImportsService } from './imports.service';

export async function jobsRoutes(
  app: FastifyInstance,
  options: { jobs: JobsService; imports: ImportsService; tempDir: string; maxImportBytes: number },
) {
  const { jobs, imports } = options;
  const fileRule = {
    maxBytes: options.maxImportBytes,
    types: ['txt', 'xlsx'] as const,
    typeMessage: 'Upload a CSV (UTF-8 text) or an XLSX workbook.',
  };
  route(app, jobEndpoints.importUpload, async ({ request, user }) => {
    const upload = await receiveMultipart(request, options.tempDir, (field) => (field === 'file' ? fileRule : undefined));
    try {
      if (upload.files.length > 1) throw JOBS_ERRORS.onField('file', 'ONE_FILE_PER_IMPORT');
      return await imports.upload(user, upload.fields.resource, upload.files[0]);
    } finally {
      await upload.cleanup();
    }
  });
  route(app, jobEndpoints.importDryRun, ({ user, params, body }) => imports.dryRun(user, params.id, body));
  route(app, jobEndpoints.importRun, ({ user, params, body }) => imports.run(user, params.id, body));
  route(app, jobEndpoints.list, async ({ request, query, user }) => jobs.list(user, await listRequestOf(request, query)));
  route(app, jobEndpoints.get, ({ user, params }) => jobs.get(user, params.id));
  route(app, jobEndpoints.undo, ({ user, params }) => jobs.undo(user, params.id));
  for (const resource of BULK_RESOURCES) {
    route(app, jobEndpoints.bulk[resource], async ({ request, user, body }) =>
      jobs.submitBulk(user, await listViewer(request), resource, body),
    );
  }
}
