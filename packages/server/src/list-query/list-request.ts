import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ListQuery } from '@ops/contract/common/list-query';
import { publicUrlOf } from '../platform/public-url';
import type { ListViewer } from './list-resource';
import { listViewer } from './list-viewer';

/**
 * What a list needs of its HTTP request, as plain data, so services list
 * without seeing Fastify: the parsed list query, the absolute URL the page
 * links are built on (under PUBLIC_URL, never the request's Host), whether the
 * whole list is wanted as CSV, and the viewer whose read permissions and scope
 * the list's relation filters are checked against.
 */
export interface ListRequest {
  query: ListQuery;
  url: string;
  csv: boolean;
  /** `format=xlsx`: the whole list as an XLSX workbook (the CSV export's rows, columns and labels). */
  xlsx?: boolean;
  viewer: ListViewer;
}

/**
 * The request asks for CSV on an endpoint whose contract query declares
 * `format` (the list endpoints): a detail route reusing a list flow never
 * turns into an export.
 */
export function wantsCsv(request: FastifyRequest, format: 'csv' | 'xlsx' = 'csv'): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.format !== format) return false;
  const schema = request.routeOptions.schema?.querystring;
  return schema instanceof z.ZodObject && 'format' in schema.shape;
}

/** The list request of a route (`query` is the contract-parsed list query). */
export async function listRequestOf(request: FastifyRequest, query: ListQuery | undefined): Promise<ListRequest> {
  return {
    query: query ?? {},
    url: publicUrlOf(request.server, request.url),
    csv: wantsCsv(request),
    xlsx: wantsCsv(request, 'xlsx'),
    viewer: await listViewer(request),
  };
}

/** The same list narrowed to one record (detail endpoints answered by a list flow): never an export. */
export function singleRecordList(list: ListRequest): ListRequest {
  return { query: {}, url: list.url, csv: false, viewer: list.viewer };
}
