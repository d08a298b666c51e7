import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterParam as filter, useSyncHarness } from '../sync-test-harness';
import { buylinkProvider } from './provider';
import { generateBuylinkData, startBuylinkFake, writeBuylinkCsv } from './fake-server';

const h = useSyncHarness({
  provider: buylinkProvider,
  startFake: () => startBuylinkFake(generateBuylinkData(300)),
  env: { BUYLINK_PAGE_SIZE: '100' },
});
let dropDir: string;
const syncFeed = () => h.sync();
const syncCsv = () => h.syncWithEnv({ BUYLINK_DROP_DIR: dropDir });

beforeAll(() => {
  dropDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buylink-drop-'));
});
afterAll(() => {
  fs.rmSync(dropDir, { recursive: true, force: true });
});

describe('buylink connector: JSON export feed', () => {
  it('is off when neither feed nor drop folder is set', () => {
    expect(buylinkProvider.fromEnv({})).toBeNull();
    expect(() => buylinkProvider.fromEnv({ BUYLINK_URL: 'http://x' })).toThrow(/BUYLINK_API_KEY/);
  });

  it('reads every export page by page with int64 ids and 4-decimal amounts intact', async () => {
    const result = await syncFeed();
    const total = Object.values(h.fake.data).reduce((n, rows) => n + rows.length, 0);
    expect(result).toMatchObject({ rowsRead: total, inserted: total });
    const source = h.fake.data.invoices[7]!;
    const invoice = await h.get(`/api/buylink/invoices/${source.id}/`);
    expect(invoice).toMatchObject({
      id: source.id,
      type: 'IN',
      InvoiceNumber: source.InvoiceNumber,
      TotalAmountIncTax: source.TotalAmountIncTax,
      FreightGST: '0.9091',
      supplier: source.supplier,
      cost_centre: source.cost_centre,
      ReceiptedDate: '2025-08-08T09:30:00.000Z',
      status: 'EXPORTED',
    });
    expect(BigInt(invoice.supplier)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    const suppliers = await h.get(`/api/buylink/supplier/?${filter({ id: '9007199254740993' })}`);
    expect(suppliers.results[0]).toMatchObject({
      SupplierName: 'Fresh Produce 1',
      TradingSupplier: false,
      Active: true,
      parent: null,
    });
    const allocations = await h.get(
      `/api/buylink/supplier-cost-centre-allocations/?${filter({ cost_centre: source.cost_centre })}`,
    );
    expect(allocations.count).toBe(2);
    const logs = await h.get(`/api/buylink/console-logs/?${filter({ doc_type: 'PA' })}&limit=1`);
    expect(logs.count).toBeGreaterThan(0);
    expect((await h.get('/api/buylink/cost-centres/?limit=1')).count).toBe(h.fake.data['cost-centres'].length);
  });

  it('re-sync applies changes and deletions; 429 is waited out; a failure keeps the old rows', async () => {
    h.fake.data.invoices[0]!.status = 'REJECTED';
    h.fake.data['console-logs'].pop();
    h.fake.controls.throttle(1, 1);
    expect(await syncFeed()).toMatchObject({ inserted: 0, updated: 1, deleted: 1 });
    expect(h.fake.controls.throttled).toBe(1);

    h.fake.data.invoices.splice(0, 100);
    h.fake.controls.failAfter(4);
    await expect(syncFeed()).rejects.toThrow(/500/);
    h.fake.controls.failAfter(null);
    expect((await h.get('/api/buylink/invoices/?limit=1')).count).toBe(300);
  });
});

describe('buylink connector: CSV drop folder', () => {
  it('loads the dropped files, quoted commas and quotes included, and leaves missing exports alone', async () => {
    const data = generateBuylinkData(40);
    data.suppliers[0]!.SupplierName = 'Smith, Jones & "Sons"';
    writeBuylinkCsv(dropDir, { suppliers: data.suppliers, invoices: data.invoices });
    const costCentresBefore = (await h.get('/api/buylink/cost-centres/?limit=1')).count;
    const result = await syncCsv();
    expect(result.rowsRead).toBe(data.suppliers.length + data.invoices.length);
    expect((await h.get('/api/buylink/invoices/?limit=1')).count).toBe(40);
    const supplier = (await h.get(`/api/buylink/supplier/?${filter({ id: data.suppliers[0]!.id })}`)).results[0];
    expect(supplier).toMatchObject({
      SupplierName: 'Smith, Jones & "Sons"',
      BusinessName: 'Fresh Produce 1, "Wholesale" Pty Ltd',
      TradingSupplier: false,
      Fax: null,
    });
    // No cost-centres.csv this time: that table is untouched.
    expect((await h.get('/api/buylink/cost-centres/?limit=1')).count).toBe(costCentresBefore);
  });

  it('fails the run on a malformed file and changes nothing', async () => {
    fs.writeFileSync(path.join(dropDir, 'invoices.csv'), 'id,type,InvoiceNumber,status\n1,IN\n');
    await expect(syncCsv()).rejects.toThrow(/line 2 has 2 fields/);
    expect((await h.get('/api/buylink/invoices/?limit=1')).count).toBe(40);
  });
});
