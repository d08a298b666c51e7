import ExcelJS from 'exceljs';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateTime } from '@ops/contract/common/fields';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { insertClient, insertLegalEntity } from '../test/factories/records';
import { exportRowReader } from './csv-export';

let t: TestApp;
let admin: TestUser;
let client: { id: string; created_at: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  const le = await insertLegalEntity(t, admin.token);
  client = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: le.id, name: 'Display Values Pty', relation_status: 'ACTIVE', account_type: 'CLIENT' })) as never;
});
afterAll(() => t.close());

const exportUrl = (params: Record<string, string>) =>
  `/api/accounts/clients/?${new URLSearchParams({ search: 'Display Values', select: 'name,relation_status,account_type,created_at', labels: JSON.stringify({ name: 'Client', relation_status: 'Status' }), ...params })}`;

/** Data lines of a CSV export without its byte-order mark. */
const lines = (body: string) => body.replace(/^\ufeff/, '').trim().split('\r\n');

describe('list exports with values=display', () => {
  it('writes choice labels and date-times in the given zone and format, as the grid shows them', async () => {
    const response = await t.request({ method: 'GET', url: exportUrl({ format: 'csv', values: 'display', timezone: 'Australia/Sydney' }), token: admin.token });
    expect(response.statusCode).toBe(200);
    const [header, row] = lines(response.body);
    expect(header).toBe('Client,Status,account_type,created_at');
    const sydney = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(client.created_at))
      .replace(', ', ' ');
    expect(row).toBe(`Display Values Pty,Active,Client,${sydney}`);
  });

  it('keeps the raw codes by default and with values=raw', async () => {
    for (const params of [{ format: 'csv' }, { format: 'csv', values: 'raw' }] as Record<string, string>[]) {
      const [, row] = lines((await t.request({ method: 'GET', url: exportUrl(params), token: admin.token })).body);
      expect(row).toBe(`Display Values Pty,ACTIVE,CLIENT,${client.created_at}`);
    }
  });

  it('writes display values into XLSX too', async () => {
    const response = await t.request({ method: 'GET', url: exportUrl({ format: 'xlsx', values: 'display', datetime_format: 'en-AU' }), token: admin.token });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const values = workbook.worksheets[0]!.getRow(2).values as unknown[];
    expect(values.slice(1, 4)).toEqual(['Display Values Pty', 'Active', 'Client']);
    expect(String(values[4])).not.toContain('T');
  });

  it('refuses an unknown time zone or date-time format (400) before streaming', async () => {
    const zone = await t.request({ method: 'GET', url: exportUrl({ format: 'csv', values: 'display', timezone: 'Mars/Olympus' }), token: admin.token });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toEqual({ timezone: ['Unknown time zone.'] });
    const format = await t.request({ method: 'GET', url: exportUrl({ format: 'csv', values: 'display', datetime_format: '!!' }), token: admin.token });
    expect(format.statusCode).toBe(400);
  });

  it('documents values, timezone and datetime_format on list operations', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
    const names = (document.paths['/api/accounts/clients/'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['values', 'timezone', 'datetime_format']));
  });
});

describe('exportRowReader', () => {
  const schema = z.object({ active: z.boolean(), kind: z.enum(['SERVICE_REQUEST', 'IT']).nullable(), at: isoDateTime().nullable(), tags: z.array(z.object({ level: z.enum(['HIGH_RISK']) })) });
  const item = { active: false, kind: 'SERVICE_REQUEST', at: '2025-03-14T15:30:00Z', tags: [{ level: 'HIGH_RISK' }] };
  const columns = ['active', 'kind', 'at', 'tags.level'];

  it('shows booleans as Yes/No, codes as labels (abbreviations kept), lists item by item', () => {
    expect(exportRowReader(schema, columns, { timeZone: 'UTC', dateTimeFormat: 'ISO-8601' })(item)).toEqual(['No', 'Service Request', '2025-03-14 15:30', ['High Risk']]);
    expect(exportRowReader(schema, columns, { timeZone: 'UTC', dateTimeFormat: 'ISO-8601' })({ ...item, kind: null, at: null })).toEqual(['No', null, null, ['High Risk']]);
  });

  it('leaves values alone without display', () => {
    expect(exportRowReader(schema, columns, null)(item)).toEqual([false, 'SERVICE_REQUEST', '2025-03-14T15:30:00Z', ['HIGH_RISK']]);
  });
});
