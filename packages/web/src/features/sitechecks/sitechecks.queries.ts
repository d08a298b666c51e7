import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { siteCheckRunEndpoints, siteCheckScheduleEndpoints, siteCheckTemplateEndpoints } from '../../api/endpoint-routes';
import { callEndpoint, type DefinitionOf, type EndpointResult } from '../../api/http-client';

/** The site checks' data (spec platform §14.1), keyed under `['sitechecks', ...]`. */
export const siteCheckKeys = {
  all: ['sitechecks'] as const,
  today: (day: string) => [...siteCheckKeys.all, 'today', day] as const,
  run: (id: string) => [...siteCheckKeys.all, 'run', id] as const,
  templates: () => [...siteCheckKeys.all, 'templates'] as const,
  template: (id: string) => [...siteCheckKeys.all, 'template', id] as const,
  schedules: () => [...siteCheckKeys.all, 'schedules'] as const,
  schedule: (id: string) => [...siteCheckKeys.all, 'schedule', id] as const,
  compliance: (from: string, to: string) => [...siteCheckKeys.all, 'compliance', from, to] as const,
};

export type Run = EndpointResult<DefinitionOf<typeof siteCheckRunEndpoints.get>>;
export type Template = EndpointResult<DefinitionOf<typeof siteCheckTemplateEndpoints.get>>;
export type Schedule = EndpointResult<DefinitionOf<typeof siteCheckScheduleEndpoints.get>>;

/** The local calendar day of `at` as [start, end) instants and its YYYY-MM-DD name. */
export function localDay(at: Date): { day: string; start: Date; end: Date } {
  const start = new Date(at.getFullYear(), at.getMonth(), at.getDate());
  const end = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { day: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`, start, end };
}

/**
 * Today's open runs at the caller's sites (the server bounds runs to the caller's allocation): due
 * or in progress, due today on this device's calendar, soonest first.
 */
export const todayRunsQuery = (at: Date) => {
  const { day, start, end } = localDay(at);
  return queryOptions({
    queryKey: siteCheckKeys.today(day),
    queryFn: ({ signal }) =>
      callEndpoint(siteCheckRunEndpoints.list, {
        query: {
          filters: JSON.stringify({
            status__in: ['DUE', 'IN_PROGRESS'],
            due_at__gte: start.toISOString(),
            due_at__lt: end.toISOString(),
          }),
          ordering: 'due_at',
          limit: '500',
        },
        signal,
      }),
    // Kept for the day: a phone that loses its connection still shows its list.
    gcTime: 24 * 3600_000,
    refetchInterval: 5 * 60_000,
  });
};

export const runQuery = (id: string) =>
  queryOptions({
    queryKey: siteCheckKeys.run(id),
    queryFn: ({ signal }) => callEndpoint(siteCheckRunEndpoints.get, { params: { id }, signal }),
    gcTime: 24 * 3600_000,
  });

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: siteCheckKeys.template(id),
    queryFn: ({ signal }) => callEndpoint(siteCheckTemplateEndpoints.get, { params: { id }, signal }),
    gcTime: 24 * 3600_000,
    staleTime: 60_000,
  });

export const templatesQuery = () =>
  queryOptions({
    queryKey: siteCheckKeys.templates(),
    queryFn: ({ signal }) => callEndpoint(siteCheckTemplateEndpoints.list, { query: { limit: '500', ordering: 'name' }, signal }),
  });

export const schedulesQuery = () =>
  queryOptions({
    queryKey: siteCheckKeys.schedules(),
    queryFn: ({ signal }) => callEndpoint(siteCheckScheduleEndpoints.list, { query: { limit: '500' }, signal }),
  });

/** One schedule as its detail answers it (with its entity tag, which the list's rows do not carry). */
export const scheduleQuery = (id: string) =>
  queryOptions({
    queryKey: siteCheckKeys.schedule(id),
    queryFn: ({ signal }) => callEndpoint(siteCheckScheduleEndpoints.get, { params: { id }, signal }),
  });

export const complianceQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: siteCheckKeys.compliance(from, to),
    queryFn: ({ signal }) => callEndpoint(siteCheckRunEndpoints.compliance, { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
