import type { Database } from '../../platform/db';
import { family, sample } from '../metrics/index';

/**
 * Connector runs as Prometheus families, read from the run log at scrape
 * time: every instance reports the same numbers whichever ran the job (take
 * `max` over instances, not `sum`), and runs started by the CLI count too.
 */
export async function syncRunMetrics(database: Database): Promise<string[]> {
  const rows = await database.query<{
    connector: string;
    status: string;
    runs: number;
    seconds: number;
    last_finished: number | null;
  }>(
    `select connector, status, count(*)::int as runs,
            coalesce(sum(extract(epoch from (finished_at - started_at))), 0)::float8 as seconds,
            max(extract(epoch from finished_at))::float8 as last_finished
       from integration_sync_run group by connector, status order by connector, status`,
  );
  const lines = family('sync_runs_total', 'counter', 'Connector runs by connector and outcome (running, succeeded, failed).');
  for (const row of rows) lines.push(sample('sync_runs_total', { connector: row.connector, status: row.status }, row.runs));
  lines.push(...family('sync_run_duration_seconds', 'summary', 'Time finished connector runs took, by connector and outcome.'));
  for (const row of rows.filter((r) => r.status !== 'running')) {
    const labels = { connector: row.connector, status: row.status };
    lines.push(
      sample('sync_run_duration_seconds_sum', labels, row.seconds),
      sample('sync_run_duration_seconds_count', labels, row.runs),
    );
  }
  lines.push(
    ...family(
      'sync_last_success_timestamp_seconds',
      'gauge',
      'When the last successful run of each connector finished (Unix time).',
    ),
  );
  for (const row of rows.filter((r) => r.status === 'succeeded' && r.last_finished !== null)) {
    lines.push(sample('sync_last_success_timestamp_seconds', { connector: row.connector }, row.last_finished!));
  }
  return lines;
}
