import fs from 'node:fs';
import path from 'node:path';
import { json, startFakeServer, type FakeRequest, type RunningFake } from '../../fake-support';
import { BUYLINK_EXPORTS, type BuylinkExport } from './client';

/**
 * A local purchasing-portal export feed (JSON pages with an API key) and a
 * writer of the same data as the CSV files the portal drops in a folder.
 */
export type BuylinkFakeData = Record<BuylinkExport, Record<string, unknown>[]>;

export interface BuylinkFake extends RunningFake {
  data: BuylinkFakeData;
  env: Record<string, string>;
}

const API_KEY = 'fake-buylink-key';

export async function startBuylinkFake(data: BuylinkFakeData, options: { port?: number } = {}): Promise<BuylinkFake> {
  const fake = await startFakeServer({
    port: options.port,
    tokensIssued: () => 0,
    isData: (r) => r.url.pathname.startsWith('/api/export/'),
    handle(request: FakeRequest) {
      if (request.headers['x-api-key'] !== API_KEY) return json(401, { message: 'Invalid API key' });
      const name = /^\/api\/export\/([a-z-]+)$/.exec(request.url.pathname)?.[1] as BuylinkExport | undefined;
      if (!name || !BUYLINK_EXPORTS.includes(name)) return json(404, { message: 'Unknown export' });
      const pageSize = Math.min(Number(request.url.searchParams.get('pageSize') ?? 500) || 500, 5000);
      const page = Math.max(1, Number(request.url.searchParams.get('page') ?? 1) || 1);
      const rows = data[name];
      return json(200, {
        data: rows.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        totalRecords: rows.length,
        totalPages: Math.max(1, Math.ceil(rows.length / pageSize)),
      });
    },
  });
  return { ...fake, data, env: { BUYLINK_URL: fake.url, BUYLINK_API_KEY: API_KEY } };
}

function csvField(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Writes each export as <name>.csv (CRLF, quoted where needed) into `folder`. */
export function writeBuylinkCsv(folder: string, data: Partial<BuylinkFakeData>): void {
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, rows] of Object.entries(data)) {
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c])).join(','))];
    fs.writeFileSync(path.join(folder, `${name}.csv`), `\uFEFF${lines.join('\r\n')}\r\n`);
  }
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** `invoices` invoice headers with their suppliers, cost centres, allocations and console logs; ids past 2^53. */
export function generateBuylinkData(invoices: number): BuylinkFakeData {
  const base = 9007199254740993n;
  const supplierCount = Math.max(3, Math.min(1000, Math.ceil(invoices / 100)));
  const centreCount = Math.max(3, Math.min(1000, Math.ceil(invoices / 100)));
  const suppliers = Array.from({ length: supplierCount }, (_, i) => ({
    id: String(base + BigInt(i)),
    SupplierName: `Fresh Produce ${i + 1}`,
    SupplierCategory: ['Food', 'Cleaning', 'Equipment'][i % 3],
    TradingSupplier: i % 5 !== 0,
    BuyingGroup: 'National',
    Active: true,
    BusinessName: `Fresh Produce ${i + 1}, "Wholesale" Pty Ltd`,
    ABNNumber: String(51824753556 + i),
    Phone: `02 9${pad(i, 7)}`,
    Fax: null,
    parent: i > 0 && i % 10 === 0 ? String(base) : null,
  }));
  const centres = Array.from({ length: centreCount }, (_, i) => ({
    id: String(base + 1_000_000n + BigInt(i)),
    CostCentreName: `Royal Hospital Kitchen ${i + 1}`,
    CostCentreCode: `CC${1000 + i}`,
    Trading: true,
    DownloadFormat: ['CSV', 'PDF', 'XML'][i % 3],
    Email: `kitchen${i + 1}@example-catering.com.au`,
    AccountsEmail: `accounts${i + 1}@example-catering.com.au`,
    parent: null,
  }));
  const allocations = centres.flatMap((c, i) =>
    [0, 1].map((k) => ({
      id: `AL${pad(i * 2 + k + 1, 8)}`,
      CostCentreCode: c.CostCentreCode,
      CustomerAccountNo: `ACC-${pad(i, 5)}-${k}`,
      APCreditorCode: `AP${pad((i + k) % supplierCount, 5)}`,
      IsActive: k === 0,
      supplier: suppliers[(i + k) % supplierCount]!.id,
      cost_centre: c.id,
    })),
  );
  const invoiceRows = Array.from({ length: invoices }, (_, i) => {
    const supplier = suppliers[i % supplierCount]!;
    const centre = centres[i % centreCount]!;
    const total = `${(i * 7919) % 100000000}.${pad((i * 31) % 10000, 4)}`;
    return {
      id: String(base + 2_000_000n + BigInt(i)),
      type: i % 20 === 19 ? 'CR' : 'IN',
      InvoiceDate: `2025-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}`,
      InvoiceNumber: `SI-${pad(i + 1, 9)}`,
      PONumber: `PO-${pad(i + 1, 9)}`,
      CostCentreCode: centre.CostCentreCode,
      SupplierName: supplier.SupplierName,
      SupplierABN: supplier.ABNNumber,
      SupplierCode: `SUP${pad(i % supplierCount, 5)}`,
      AccountCode: '510100',
      GLAccountCode: '510100-01',
      APCreditorCode: `AP${pad(i % supplierCount, 5)}`,
      CustomerAccountNo: `ACC-${pad(i % centreCount, 5)}-0`,
      FreightAccountCode: '510900',
      TotalAmountIncTax: total,
      TotalGST: `${Math.floor(((i * 7919) % 100000000) / 11)}.0000`,
      FreightGST: '0.9091',
      FreightFeeIncTax: '10.0000',
      TaxCode: 'GST',
      FreightTaxCode: 'GST',
      CodeLevel1: 'FOOD',
      CodeLevel2: 'DAIRY',
      ReceiptedDate: `2025-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}T09:30:00Z`,
      UpdatedOn: `2025-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}T10:00:00Z`,
      ApprovedByUserName: i % 3 === 0 ? 'Olivia Smith' : null,
      ApprovedOn: i % 3 === 0 ? `2025-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}T11:00:00Z` : null,
      cost_centre: centre.id,
      supplier: supplier.id,
      status: ['PENDING', 'RECEIPTED', 'APPROVED', 'EXPORTED'][i % 4],
    };
  });
  const logs = Array.from({ length: Math.max(5, Math.ceil(invoices / 10)) }, (_, i) => ({
    id: String(base + 3_000_000n + BigInt(i)),
    dns_name: 'edi.buylink.example',
    doc_id: String(100000 + i),
    doc_type: ['IN', 'CR', 'PO', 'PA'][i % 4],
    doc_name: `document-${i + 1}.xml`,
    file_type: 'XML',
    created_date: `2025-03-${pad((i % 28) + 1, 2)}T08:00:00Z`,
    category: 'Import',
    log_type: i % 9 === 0 ? 'Error' : 'Info',
    log_subtype: 'Processing',
    level: i % 9 === 0 ? 'ERROR' : 'INFO',
    supplier: suppliers[i % supplierCount]!.id,
  }));
  return {
    suppliers,
    'cost-centres': centres,
    'supplier-cost-centre-allocations': allocations,
    invoices: invoiceRows,
    'console-logs': logs,
  };
}
