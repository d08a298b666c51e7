import type { DestinationStream } from 'pino';

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines for log pipelines; short readable lines in a terminal (LOG_FORMAT overrides). A terminal
 * is also quiet by default (warn), so the start line stays on screen; LOG_LEVEL overrides.
 */
export function logDefaults(env: NodeJS.ProcessEnv, stdoutIsTty: boolean): { logFormat: LogFormat; logLevel: string } {
  const wanted = env.LOG_FORMAT?.trim().toLowerCase();
  const logFormat: LogFormat = wanted === 'json' || wanted === 'pretty' ? wanted : stdoutIsTty ? 'pretty' : 'json';
  return { logFormat, logLevel: env.LOG_LEVEL || (logFormat === 'pretty' && stdoutIsTty ? 'warn' : 'info') };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that the readable line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

/** One pino JSON record as one short line: `09:41:07 INFO GET /api/x 200 3 ms`. */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const level = LEVELS[record.level as number] ?? String(record.level);
  const req = record.req as { method?: string; url?: string } | undefined;
  const res = record.res as { statusCode?: number } | undefined;
  const parts = [time, level.padEnd(5)];
  if (req?.method && res?.statusCode !== undefined) {
    const ms = typeof record.responseTime === 'number' ? ` ${Math.round(record.responseTime)} ms` : '';
    parts.push(`${req.method} ${req.url} ${res.statusCode}${ms}`);
  } else if (typeof record.msg === 'string') parts.push(record.msg);
  const extra = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (extra.length) parts.push(extra.join(' '));
  const err = record.err as { message?: string; stack?: string } | undefined;
  const stack = err ? `\n  ${(err.stack ?? err.message ?? '').split('\n').join('\n  ')}` : '';
  return `${parts.join(' ')}${stack}\n`;
}

/** A pino destination that writes each record as prettyLine to `out`. */
export function prettyLogStream(out: { write(text: string): unknown } = process.stdout): DestinationStream {
  return { write: (line: string) => void out.write(prettyLine(line)) };
}
