// What the help desk's scale seed shares with the records' scale seed: the run and the SQL that
// recomputes the run's client and cost centre ids (so tickets refer to them without reading them).

/** One run of the scale seed: its tag, the millisecond its ids carry and how many clients it wrote. */
export interface ScaleRun {
  tag: string;
  idPrefix: number;
  clients: number;
}

/**
 * The SQL expression builders the scale seed's statements share (exported so the help desk's
 * tickets refer to the same run's clients and cost centres by recomputing their ids).
 */
export function scaleSql(idPrefix: number) {
  const tsHex = idPrefix.toString(16).padStart(12, '0').slice(-12);
  /** A version-7-shaped UUID: the run's millisecond, a per-table kind, then a counter (so ids ascend within a table). */
  const id = (kind: number, counter: string) =>
    `(('${tsHex}7${kind.toString(16).padStart(3, '0')}8' || lpad(to_hex(${counter}), 15, '0'))::uuid)`;
  /** A non-negative 63-bit hash of `expr`. */
  const h = (salt: number, expr = 'c.n') => `(hashint8extended(${expr}, ${salt}) & 9223372036854775807)`;
  /** A number in [0, 1). */
  const unit = (salt: number, expr?: string) => `((${h(salt, expr)} >> 11)::float8 / 4503599627370496.0)`;
  /** One of an array's elements. */
  const pick = (array: string, salt: number, expr?: string) => `${array}[1 + ${h(salt, expr)} % cardinality(${array})]`;
  return { id, h, unit, pick };
}

/** The id kinds of the records' rows (`scaleSql(...).id(kind, counter)`): client `n`, cost centre (site number). */
export const SCALE_ID_KIND = { client: 1, costCentre: 2 } as const;

/** The site number (1-based over the run) of cost centre `s` (0-based) of client `n`, as SQL; client `n` has 2 + n % 2. */
export const scaleSiteNumber = (n: string, s: string) => `(2 * ${n} + ${n} / 2 + ${s} + 1)`;
