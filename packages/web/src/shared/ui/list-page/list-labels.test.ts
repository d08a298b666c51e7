import { describe, expect, it } from 'vitest';
import { displayedRows } from './ListCards';
import { exportFileName } from './use-csv-export';

describe('displayedRows', () => {
  it('says filtered beside the count when a search or filter applies', () => {
    expect(displayedRows(1, 6, 6, true)).toBe('1–6 of 6 (filtered)');
    expect(displayedRows(26, 50, 200, false)).toBe('26–50 of 200');
  });

  it('says "more than" while the count is not known yet', () => {
    expect(displayedRows(26, 50, -1, false)).toBe('26–50 of more than 50');
  });
});

describe('exportFileName', () => {
  it('names the file with the local date, not the UTC one', () => {
    // 00:30 on 26 November local time is still 25 November in UTC east of Greenwich.
    expect(exportFileName('clients', new Date(2026, 10, 26, 0, 30))).toBe('clients-2026-11-26.csv');
    expect(exportFileName('cost-centres', new Date(2026, 0, 5, 23, 59))).toBe('cost-centres-2026-01-05.csv');
  });
});
