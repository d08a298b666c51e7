import { queryOptions } from '@tanstack/react-query';
import { jobEndpoints } from '@ops/contract/jobs/jobs.endpoints';
import { jobRefSchema, type BulkResource } from '@ops/contract/jobs/jobs.schemas';
import { apiRequest, callEndpoint } from '../../api/http-client';
import { jobRunning, type BulkBody } from './bulk-change';

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: string) => [...jobKeys.all, id] as const,
};

/** `POST bulk/{resource}/`: answers the job's id (202). */
export async function submitBulkChange(resource: BulkResource, body: BulkBody): Promise<string> {
  const raw = await apiRequest(jobEndpoints.bulk[resource].path, { method: 'POST', json: body });
  return jobRefSchema.parse(raw).job;
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
