/**
 * The `X-Debug-SQL` response header (EXPOSE_SQL_COUNT, benchmarks and statement checks only): the
 * statements a request ran as base64 JSON `[{sql, params}, ...]`.
 *
 * A client refuses a response whose header section is larger than its limit (Node's fetch and
 * http: 16 KiB), so a page whose statements carry long texts and a hundred ids in their parameters
 * made the whole answer unreadable (undici HeadersOverflowError). With `maxBytes` the header keeps
 * the leading statements whose encoding fits, whole (a cut statement could not be replayed), and
 * `omitted` says how many were left off (sent as `X-Debug-SQL-Omitted`). `maxBytes` 0 keeps all
 * (the project's own bench and the tests read headers of any size).
 */
export function debugSqlHeader(
  captured: readonly { sql: string; params: unknown[] }[],
  maxBytes: number,
): { value: string; omitted: number } {
  const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);
  let kept = 0;
  let bytes = 2; // "[" and "]"
  const parts: string[] = [];
  for (const statement of captured) {
    const part = JSON.stringify(statement);
    const next = bytes + Buffer.byteLength(part) + (parts.length ? 1 : 0);
    if (maxBytes > 0 && base64Length(next) > maxBytes) break;
    parts.push(part);
    bytes = next;
    kept += 1;
  }
  return { value: Buffer.from(`[${parts.join(',')}]`).toString('base64'), omitted: captured.length - kept };
}
