import { queryOptions } from '@tanstack/react-query';
import { jobEndpoints } from '../../api/endpoint-routes';
import type { BulkResource, ImportOptions, ImportResource } from '@ops/contract/jobs/jobs.schemas';
import { callEndpoint } from '../../api/http-client';
import { jobRunning, type BulkBody } from './bulk-change';

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: string) => [...jobKeys.all, id] as const,
};

/** `POST bulk/{resource}/`: answers the job's id (202). */
export async function submitBulkChange(resource: BulkResource, body: BulkBody): Promise<string> {
  return (await callEndpoint(jobEndpoints.bulk[resource], { body })).job;
}

/** A job, polled every second while it is queued or running. */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(jobEndpoints.get, { params: { id }, signal }),
    refetchInterval: (query) => (jobRunning(query.state.data?.status) || !query.state.data ? 1000 : false),
  });

/** `POST jobs/{id}/undo/`: restores what the job changed. */
export const undoJob = (id: string) => callEndpoint(jobEndpoints.undo, { params: { id } });

/** `POST imports/`: uploads a CSV or XLSX file; answers its columns, suggested mapping, fields and row count. */
export function uploadImport(resource: ImportResource, file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('resource', resource);
  form.append('file', file, file.name);
  return callEndpoint(jobEndpoints.importUpload, { body: form, signal });
}

/** `POST imports/{id}/dry-run/`: what the import would do; writes nothing. */
export const dryRunImport = (id: string, body: ImportOptions, signal?: AbortSignal) =>
  callEndpoint(jobEndpoints.importDryRun, { params: { id }, body, signal });

/** `POST imports/{id}/run/`: the import as a job (202); starting it again answers the same job. */
export async function startImport(id: string, body: ImportOptions): Promise<string> {
  return (await callEndpoint(jobEndpoints.importRun, { params: { id }, body })).job;
}
