/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week):
 * numbers, `*`, lists `a,b`, ranges `a-b`, steps `* /n` and `a-b/n`; day of
 * week 0-7 (0 and 7 are Sunday). As in cron, when both day fields are
 * restricted a time matches if either does.
 */
export interface CronSchedule {
  next(after: Date): Date;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, field: (typeof FIELDS)[number]): { values: Set<number>; any: boolean } {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`cron ${field.name}: "${part}" is not a number, range, list or step`);
    const step = match[4] ? Number(match[4]) : 1;
    const from = match[1] === '*' ? field.min : Number(match[2]);
    const to = match[1] === '*' ? field.max : match[3] !== undefined ? Number(match[3]) : match[4] ? field.max : from;
    if (step < 1 || from < field.min || to > field.max || from > to)
      throw new Error(`cron ${field.name}: "${part}" is out of ${field.min}-${field.max}`);
    for (let v = from; v <= to; v += step) values.add(field.name === 'day of week' && v === 7 ? 0 : v);
  }
  return { values, any: text === '*' };
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron expression needs 5 fields, got ${parts.length}: "${expression}"`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => parseField(p, FIELDS[i]!)) as [
    ReturnType<typeof parseField>,
    ReturnType<typeof parseField>,
    ReturnType<typeof parseField>,
    ReturnType<typeof parseField>,
    ReturnType<typeof parseField>,
  ];
  const dayMatches = (d: Date) => {
    const byDom = dom.values.has(d.getDate());
    const byDow = dow.values.has(d.getDay());
    if (dom.any && dow.any) return true;
    if (dom.any) return byDow;
    if (dow.any) return byDom;
    return byDom || byDow;
  };
  return {
    next(after: Date): Date {
      const d = new Date(after.getTime());
      d.setSeconds(0, 0);
      d.setMinutes(d.getMinutes() + 1);
      // At most about four years of minutes; an impossible date (Feb 30) ends the search.
      for (let guard = 0; guard < 4 * 366 * 24 * 60; guard++) {
        if (!month.values.has(d.getMonth() + 1)) {
          d.setMonth(d.getMonth() + 1, 1);
          d.setHours(0, 0, 0, 0);
          continue;
        }
        if (!dayMatches(d)) {
          d.setDate(d.getDate() + 1);
          d.setHours(0, 0, 0, 0);
          continue;
        }
        if (!hour.values.has(d.getHours())) {
          d.setHours(d.getHours() + 1, 0, 0, 0);
          continue;
        }
        if (!minute.values.has(d.getMinutes())) {
          d.setMinutes(d.getMinutes() + 1, 0, 0);
          continue;
        }
        return d;
      }
      throw new Error(`cron expression "${expression}" never matches`);
    },
  };
}
