import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { filterParam as filter, useSyncHarness } from '../sync-test-harness';
import { dynamicsProvider } from './provider';
import { deriveDimensionFields } from './mapper';
import { generateDynamicsData, startDynamicsFake } from './fake-server';

const h = useSyncHarness({
  provider: dynamicsProvider,
  startFake: () => startDynamicsFake(generateDynamicsData(450)),
  env: { DYNAMICS_PAGE_SIZE: '100' },
});

describe('dynamics connector against the local OData service', () => {
  it('is off without DYNAMICS_URL and refuses half a configuration', () => {
    expect(dynamicsProvider.fromEnv({})).toBeNull();
    expect(() => dynamicsProvider.fromEnv({ DYNAMICS_URL: 'http://x' })).toThrow(/DYNAMICS_CLIENT_ID/);
  });

  it('fills every entity across companies, following @odata.nextLink', async () => {
    const result = await h.sync();
    const total = Object.values(h.fake.data).reduce((n, rows) => n + rows.length, 0);
    expect(result).toMatchObject({ rowsRead: total, inserted: total, updated: 0, deleted: 0 });
    // 450 journals at 100 a page is five pages of that entity alone.
    expect(h.fake.controls.dataRequests).toBeGreaterThanOrEqual(5 * 4 + 2);
    const journals = await h.get('/api/dynamics/atlas-vend-invoice-jours/?limit=1');
    expect(journals.count).toBe(450);
    const companies = await h.get(`/api/dynamics/vendors-v3/?${filter({ dataAreaId__in: ['ccg', 'ccga', 'ccgn'] })}&limit=1`);
    expect(companies.count).toBe(h.fake.data.VendorsV3.length);
  });

  it('keeps int64 RecIds and decimals exact, as strings', async () => {
    const source = h.fake.data.AtlasVendInvoiceJours[0]!;
    expect(source.RecId).toBe('9007199254740993');
    const journal = await h.get(`/api/dynamics/atlas-vend-invoice-jours/${source.RecId}/`);
    expect(journal).toMatchObject({
      id: '9007199254740993',
      InvoiceAccount: source.InvoiceAccount,
      VendorName: source.VendorName,
      InvoiceId: source.InvoiceId,
      InvoiceDate: '2024-07-01',
      InvoiceAmount: source.InvoiceAmount,
      SumTax: '0.00',
      Qty: '1.00',
      dataAreaId: 'ccg',
      CurrencyCode: 'AUD',
    });
    const byAmount = await h.get(
      `/api/dynamics/atlas-vend-invoice-jours/?${filter({ InvoiceAmount: source.InvoiceAmount, id: '9007199254740993' })}`,
    );
    expect(byAmount.count).toBe(1);
    const ordered = await h.get('/api/dynamics/atlas-vend-invoice-jours/?ordering=-id&limit=2');
    expect(ordered.results[0].id).toBe(String(9007199254740993n + 449n));

    const spends = await h.get(`/api/dynamics/atlas-vend-invoice-jour/${source.RecId}/ccg-vend-spends/`);
    expect(spends.count).toBe(1);
    expect(spends.results[0]).toMatchObject({
      InvoiceAmountInclGST: source.InvoiceAmount,
      LineNum: '1.00',
      VendLocallyOwned: true,
      InvoiceId: source.InvoiceId,
    });
    const settlements = await h.get(`/api/dynamics/atlas-vend-invoice-jour/${source.RecId}/ccg-vend-settlements/`);
    expect(settlements.results[0]).toMatchObject({
      SettleAmountCur: source.InvoiceAmount,
      SettlementGroup: String(9007199254740993n + 30_000_000n),
      CanBeReversed: true,
    });
    const transactions = await h.get(`/api/dynamics/atlas-vend-invoice-jour/${source.RecId}/ccg-vend-transactions/`);
    expect(transactions.results[0]).toMatchObject({
      RecordId: String(9007199254740993n + 40_000_000n),
      AmountCur: `-${source.InvoiceAmount}`,
      Settlement: true,
      Approved: true,
    });
  });

  it('maps VendorsV3 fields and derives dimension fields by the documented rule', async () => {
    const vendors = await h.get(`/api/dynamics/vendors-v3/?${filter({ VendorAccountNumber: 'V000001' })}`);
    expect(vendors.results[0]).toMatchObject({
      id: 'ccg-V000001',
      OnHoldStatus: 'Invoice',
      PreferentialVendor: true,
      IsVendorLocallyOwned: true,
      VendorHoldReleaseDate: '1900-01-01',
      AddressValidFrom: '2020-01-01T00:00:00.000Z',
      PrimaryContactPhoneRecordId: '5637144576',
      AddressCountryRegionId: 'AUS',
    });
    const values = await h.get(`/api/dynamics/financial-dimension-values/?${filter({ DimensionValue: '11010000' })}`);
    expect(values.results[0]).toMatchObject({
      FinancialDimension: 'CostCentre',
      state: '1',
      state_value: 'NSW',
      segment: '10',
      segment_value: 'Health',
      group: '10',
      group_value: 'Hospitals',
      derived_dimension: 'NSW-Health-Hospitals',
      ActiveFrom: '1900-01-01',
    });
    expect(deriveDimensionFields('CostCentre', '2994001')).toMatchObject({
      state_value: 'VIC',
      segment: '99',
      segment_value: null,
      derived_dimension: 'VIC-99-Schools',
    });
    expect(deriveDimensionFields('Department', '1101000').derived_dimension).toBeNull();
    expect(deriveDimensionFields('CostCentre', 'ADMIN').state).toBeNull();
  });

  it('re-sync writes only changes and removes what the ERP no longer has', async () => {
    h.fake.data.AtlasVendInvoiceJours[1]!.InvoiceAmount = '12345678.99';
    const removed = h.fake.data.AtlasVendInvoiceJours.pop()!;
    h.fake.data.CCGVendSpends.pop();
    const result = await h.sync();
    expect(result).toMatchObject({ inserted: 0, updated: 1, deleted: 2 });
    const changed = await h.get(`/api/dynamics/atlas-vend-invoice-jours/${h.fake.data.AtlasVendInvoiceJours[1]!.RecId}/`);
    expect(changed.InvoiceAmount).toBe('12345678.99');
    const gone = await h.app.request({
      method: 'GET',
      url: `/api/dynamics/atlas-vend-invoice-jours/${removed.RecId}/`,
      token: h.admin.token,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('honours Retry-After on 429 and fails cleanly midway, keeping the previous data', async () => {
    h.fake.controls.throttle(2, 1);
    const started = Date.now();
    await h.sync();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);

    h.fake.data.AtlasVendInvoiceJours.splice(0, 50);
    h.fake.controls.failAfter(6);
    await expect(h.sync()).rejects.toThrow(/500/);
    h.fake.controls.failAfter(null);
    expect((await h.get('/api/dynamics/atlas-vend-invoice-jours/?limit=1')).count).toBe(449);
    const runs = await h.get(`/api/integrations/runs/?${filter({ connector: 'dynamics' })}`);
    expect(runs.results[0]).toMatchObject({ status: 'failed', rows_inserted: 0, rows_updated: 0, rows_deleted: 0 });
    expect(runs.results[0].rows_read).toBeGreaterThan(0);
  });

  it('refuses an @odata.nextLink to another origin without sending the token there', async () => {
    const foreign: string[] = [];
    const server = createServer((request, response) => {
      foreign.push(`${request.url} ${request.headers.authorization ?? ''}`);
      response.end('{"value":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const own = h.fake.nextLinkOrigin;
    const before = (await h.get('/api/dynamics/atlas-vend-invoice-jours/?limit=1')).count;
    try {
      h.fake.nextLinkOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await expect(h.sync()).rejects.toThrow(/nextLink points to http:\/\/127\.0\.0\.1:\d+, not the configured/);
      expect(foreign).toEqual([]);
      // Another name for the same server is another origin all the same.
      h.fake.nextLinkOrigin = own.replace('127.0.0.1', 'localhost');
      await expect(h.sync()).rejects.toThrow(/not the configured/);
    } finally {
      h.fake.nextLinkOrigin = own;
      await new Promise((resolve) => server.close(resolve));
    }
    expect((await h.get('/api/dynamics/atlas-vend-invoice-jours/?limit=1')).count).toBe(before);
  });

  it('404s a journal id that does not exist or overflows int64', async () => {
    for (const id of ['1', '99999999999999999999', 'abc']) {
      const response = await h.app.request({
        method: 'GET',
        url: `/api/dynamics/atlas-vend-invoice-jour/${id}/ccg-vend-spends/`,
        token: h.admin.token,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
