import { describe, expect, it } from 'vitest';
import { exportFileName, exportQueryOf } from './use-csv-export';

const selection = { select: 'id,name,relation_status', labels: { id: 'ID', name: 'Client', relation_status: 'Status' } };
const listQuery = { limit: '25', offset: '50', filters: '{"relation_status":"ACTIVE"}', ordering: 'name' };

describe('the export request of a list', () => {
  it('asks for the values the grid shows, in the user zone and date-time format, with the grid labels', () => {
    const query = exportQueryOf(listQuery, selection, 'csv', 'display', { timezone: 'Australia/Perth', date_time_format: 'en-AU' });
    expect(query).toEqual({
      filters: '{"relation_status":"ACTIVE"}',
      ordering: 'name',
      format: 'csv',
      select: 'id,name,relation_status',
      labels: JSON.stringify(selection.labels),
      values: 'display',
      timezone: 'Australia/Perth',
      datetime_format: 'en-AU',
    });
  });

  it('asks for the raw codes when chosen from the export menu, without zone or format', () => {
    const query = exportQueryOf(listQuery, selection, 'xlsx', 'raw', { timezone: 'Australia/Perth', date_time_format: 'en-AU' });
    expect(query.values).toBe('raw');
    expect(query.format).toBe('xlsx');
    expect(query).not.toHaveProperty('timezone');
    expect(query).not.toHaveProperty('datetime_format');
  });

  it("falls back to the browser's zone and ISO-8601 before the settings load", () => {
    const query = exportQueryOf(listQuery, selection, 'csv', 'display', undefined);
    expect(query.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(query.datetime_format).toBe('ISO-8601');
  });

  it("names the file with the user's local date", () => {
    // 23:30 local on 25 Nov is the 25th here whatever the UTC date is.
    expect(exportFileName('clients', new Date(2026, 10, 25, 23, 30))).toBe('clients-2026-11-25.csv');
    expect(exportFileName('clients', new Date(2026, 0, 2, 0, 5), 'xlsx')).toBe('clients-2026-01-02.xlsx');
  });
});
