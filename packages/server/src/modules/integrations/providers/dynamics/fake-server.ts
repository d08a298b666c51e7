import { createTokenRegistry, json, startFakeServer, type FakeRequest, type RunningFake } from '../../fake-support';
import { DYNAMICS_ENTITY_SETS } from './provider';

/**
 * A local Dynamics 365 F&O: Azure AD v2 client-credentials token endpoint and
 * OData v4 entity sets with server-driven paging (Prefer odata.maxpagesize,
 * @odata.nextLink with $skiptoken). Without ?cross-company=true only the
 * default company's rows are returned, as the real service does. Decimal and
 * int64 fields are JSON numbers unless the client asks for IEEE754Compatible.
 */
export type DynamicsFakeData = Record<
  (typeof DYNAMICS_ENTITY_SETS)[keyof typeof DYNAMICS_ENTITY_SETS],
  Record<string, unknown>[]
>;

export interface DynamicsFake extends RunningFake {
  data: DynamicsFakeData;
  env: Record<string, string>;
  /** Origin written into @odata.nextLink (this server's own unless a test points it elsewhere). */
  nextLinkOrigin: string;
}

const TENANT = '11111111-2222-3333-4444-555555555555';
const CLIENT_ID = 'ops-platform-sync';
const CLIENT_SECRET = 'fake-dynamics-secret';
const DEFAULT_COMPANY = 'ccg';
/** Fields the entity metadata types Edm.Decimal or Edm.Int64 (held as strings here, so nothing rounds). */
const NUMERIC_FIELDS = new Set([
  'RecId',
  'RecordId',
  'InvoiceAmount',
  'InvoiceAmountMST',
  'SalesBalance',
  'SumLineDisc',
  'SumTax',
  'CashDisc',
  'Qty',
  'InvoiceAmountInclGST',
  'LineNum',
  'AmountCur',
  'ReportingCurrencyAmount',
  'SettleAmountCur',
  'SettleAmountMST',
  'ExchAdjustment',
  'UtilizedCashDisc',
  'SettlementGroup',
  'PrimaryContactPhoneRecordId',
  'PrimaryContactEmailRecordId',
  'PrimaryContactFaxRecordId',
  'AddressRecordId',
]);

function serialize(body: Record<string, unknown>, ieee754Compatible: boolean): string {
  const text = JSON.stringify(body);
  if (ieee754Compatible) return text;
  return text.replace(/"([A-Za-z]+)":"(-?\d+(?:\.\d+)?)"/g, (whole, field: string, value: string) =>
    NUMERIC_FIELDS.has(field) ? `"${field}":${value}` : whole,
  );
}

export async function startDynamicsFake(data: DynamicsFakeData, options: { port?: number } = {}): Promise<DynamicsFake> {
  const tokens = createTokenRegistry();
  let base = '';
  const state = { nextLinkOrigin: '' };
  const fake = await startFakeServer({
    port: options.port,
    tokensIssued: () => tokens.count,
    isData: (r) => r.url.pathname.startsWith('/data/'),
    handle(request: FakeRequest) {
      const path = request.url.pathname;
      if (path === `/${TENANT}/oauth2/v2.0/token` && request.method === 'POST') {
        const form = new URLSearchParams(request.body);
        if (form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
        if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
          return json(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
        }
        if (form.get('scope') !== `${base}/.default`) return json(400, { error: 'invalid_scope' });
        return json(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: tokens.issue() });
      }
      if (!tokens.valid(request.headers.authorization))
        return { status: 401, headers: { 'www-authenticate': 'Bearer' }, body: '' };
      const set = /^\/data\/(\w+)$/.exec(path)?.[1];
      const rows = set ? data[set as keyof DynamicsFakeData] : undefined;
      if (!rows)
        return json(404, { error: { code: '', message: `No HTTP resource was found that matches the request URI '${path}'.` } });
      const crossCompany = request.url.searchParams.get('cross-company') === 'true';
      const visible = crossCompany ? rows : rows.filter((r) => String(r.dataAreaId) === DEFAULT_COMPANY);
      const pageSize = Math.min(
        Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? 10000),
        10000,
      );
      const skip = Number(request.url.searchParams.get('$skiptoken') ?? 0);
      const page = visible.slice(skip, skip + pageSize);
      const body: Record<string, unknown> = { '@odata.context': `${base}/data/$metadata#${set}`, value: page };
      if (skip + pageSize < visible.length) {
        body['@odata.nextLink'] = `${state.nextLinkOrigin}/data/${set}?${crossCompany ? 'cross-company=true&' : ''}$skiptoken=${skip + pageSize}`;
      }
      const ieee = /IEEE754Compatible=true/i.test(String(request.headers.accept ?? ''));
      return {
        status: 200,
        headers: {
          'content-type': `application/json; odata.metadata=minimal${ieee ? '; IEEE754Compatible=true' : ''}`,
          'odata-version': '4.0',
        },
        body: serialize(body, ieee),
      };
    },
  });
  base = fake.url;
  state.nextLinkOrigin = fake.url;
  return {
    ...fake,
    data,
    get nextLinkOrigin() {
      return state.nextLinkOrigin;
    },
    set nextLinkOrigin(origin: string) {
      state.nextLinkOrigin = origin;
    },
    env: {
      DYNAMICS_URL: fake.url,
      DYNAMICS_TENANT_ID: TENANT,
      DYNAMICS_CLIENT_ID: CLIENT_ID,
      DYNAMICS_CLIENT_SECRET: CLIENT_SECRET,
      DYNAMICS_TOKEN_URL: `${fake.url}/${TENANT}/oauth2/v2.0/token`,
    },
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isoDay = (offset: number) => new Date(Date.UTC(2024, 6, 1) + offset * 86400000).toISOString().replace('.000', '');
const amount = (n: number) => `${(n * 7919) % 9000000}.${pad((n * 37) % 100, 2)}`;

/** `journals` invoice journals with one spend, settlement and transaction each; RecIds beyond 2^53. */
export function generateDynamicsData(journals: number): DynamicsFakeData {
  const companies = ['ccg', 'ccga', 'ccgn'];
  const vendorCount = Math.max(5, Math.min(500, Math.ceil(journals / 20)));
  const vendors = Array.from({ length: vendorCount }, (_, i) => ({
    dataAreaId: companies[i % companies.length],
    VendorAccountNumber: `V${pad(i + 1, 6)}`,
    VendorPartyNumber: `P${pad(i + 1, 8)}`,
    VendorOrganizationName: `Supplier ${i + 1} Pty Ltd`,
    VendorSearchName: `SUPPLIER${i + 1}`,
    VendorGroupId: ['FOOD', 'CLEAN', 'EQUIP'][i % 3],
    OnHoldStatus: i % 17 === 0 ? 'Invoice' : 'No',
    VendorHoldReleaseDate: '1900-01-01T00:00:00Z',
    IsOneTimeVendor: 'No',
    PreferentialVendor: i % 4 === 0 ? 'Yes' : 'No',
    IsVendorLocallyOwned: i % 2 === 0 ? 'Yes' : 'No',
    ForeignVendor: 'No',
    PrimaryPhoneNumber: `+61 2 8${pad(i, 7)}`,
    PrimaryPhoneNumberPurpose: 'Business',
    PrimaryContactPhoneRecordId: String(5637144576n + BigInt(i)),
    PrimaryEmailAddress: `accounts@supplier${i + 1}.com.au`,
    PrimaryEmailAddressPurpose: 'Invoice',
    PrimaryContactEmailRecordId: String(5637145576n + BigInt(i)),
    AddressRecordId: String(5637146576n + BigInt(i)),
    AddressValidFrom: '2020-01-01T00:00:00Z',
    AddressValidTo: '2154-12-31T23:59:59Z',
    AddressStreet: `${i + 1} Industrial Drive`,
    AddressCity: 'Sydney',
    AddressZipCode: '2000',
    AddressState: 'NSW',
    AddressCountryRegionId: 'AUS',
    FormattedPrimaryAddress: `${i + 1} Industrial Drive\nSydney NSW 2000\nAUS`,
    CurrencyCode: 'AUD',
    DefaultPaymentTermsName: 'Net30',
    SalesTaxGroupCode: 'GST',
  }));
  const dimensionValues = Array.from({ length: Math.max(10, Math.min(2000, Math.ceil(journals / 50))) }, (_, i) => ({
    LegalEntityId: '',
    FinancialDimension: 'CostCentre',
    DimensionValue: `${(i % 8) + 1}${['10', '20', '30', '40'][i % 4]}${['10', '20', '40', '70'][(i >> 2) % 4]}${pad(i, 3)}`,
    Description: `Site ${i + 1}`,
    IsSuspended: 'No',
    IsBlockedForManualEntry: 'No',
    IsTotal: 'No',
    ActiveFrom: '1900-01-01T00:00:00Z',
    ActiveTo: '1900-01-01T00:00:00Z',
    IsBalancing_PSN: 'No',
  }));
  const journalRows: Record<string, unknown>[] = [];
  const spends: Record<string, unknown>[] = [];
  const settlements: Record<string, unknown>[] = [];
  const transactions: Record<string, unknown>[] = [];
  const firstRecId = 9007199254740993n; // 2^53 + 1: a JavaScript number cannot hold it
  for (let i = 0; i < journals; i++) {
    const vendor = vendors[i % vendors.length]!;
    const invoiceId = `INV-${pad(i + 1, 8)}`;
    const common = { dataAreaId: vendor.dataAreaId, InvoiceId: invoiceId };
    const total = amount(i + 1);
    journalRows.push({
      ...common,
      RecId: String(firstRecId + BigInt(i)),
      InvoiceAccount: vendor.VendorAccountNumber,
      VendorName: vendor.VendorOrganizationName,
      InvoiceDate: isoDay(i % 365),
      InvoiceAmount: total,
      InvoiceAmountMST: total,
      SalesBalance: total,
      SumLineDisc: '0.00',
      SumTax: `${(i * 13) % 90000}.${pad(i % 100, 2)}`,
      CurrencyCode: 'AUD',
      VendGroup: vendor.VendorGroupId,
      Description: `Supplies ${i + 1}`,
      DocumentDate: isoDay(i % 365),
      DueDate: isoDay((i % 365) + 30),
      CashDisc: '0.00',
      Qty: `${(i % 50) + 1}.00`,
      TaxGroup: 'GST',
      LedgerVoucher: `APINV${pad(i + 1, 8)}`,
    });
    spends.push({
      ...common,
      RecId: String(firstRecId + 10_000_000n + BigInt(i)),
      InvoiceAccount: vendor.VendorAccountNumber,
      CompanyName: 'Catering Group',
      Period: `2025-${pad((i % 12) + 1, 2)}`,
      InvoicePostingDate: isoDay(i % 365),
      SiteId: `S${pad(i % 400, 4)}`,
      SiteDesc: `Site ${i % 400}`,
      StateDesc: ['NSW', 'VIC', 'QLD'][i % 3],
      GroupDesc: 'Hospitals',
      SegmentDesc: 'Health',
      MainAccount: '510100',
      VendGroupDescription: 'Food suppliers',
      VendLocallyOwned: i % 2 === 0 ? 'Yes' : 'No',
      IndigenousStatus: i % 10 === 0 ? 'Indigenous owned' : 'Not indigenous',
      CategoryDescription: 'Food',
      SubCategoryDesc: 'Dairy',
      MAF: 'MAF01',
      InvoiceAmountInclGST: total,
      JournalNum: `J${pad(i + 1, 8)}`,
      LineNum: '1.00',
    });
    settlements.push({
      ...common,
      RecId: String(firstRecId + 20_000_000n + BigInt(i)),
      AccountNum: vendor.VendorAccountNumber,
      TransDate: isoDay((i % 365) + 25),
      TransType: 'Payment',
      SettleAmountCur: total,
      SettleAmountMST: total,
      ExchAdjustment: '0.00',
      SettlementVoucher: `APPAY${pad(i + 1, 8)}`,
      UtilizedCashDisc: '0.00',
      SettlementGroup: String(firstRecId + 30_000_000n + BigInt(i)),
      DueDate: isoDay((i % 365) + 30),
      CanBeReversed: 'Yes',
    });
    transactions.push({
      ...common,
      RecordId: String(firstRecId + 40_000_000n + BigInt(i)),
      AccountNum: vendor.VendorAccountNumber,
      TransDate: isoDay(i % 365),
      TransType: 'Purch',
      PaymMode: 'EFT',
      AmountCur: `-${total}`,
      CurrencyCode: 'AUD',
      ReportingCurrencyAmount: `-${total}`,
      Settlement: 'Yes',
      PromissoryNoteStatus: 'None',
      Approved: 'Yes',
      ApprovedDate: isoDay(i % 365),
      PostingProfile: 'GEN',
      JournalNum: `J${pad(i + 1, 8)}`,
      Voucher: `APINV${pad(i + 1, 8)}`,
    });
  }
  return {
    VendorsV3: vendors,
    FinancialDimensionValues: dimensionValues,
    AtlasVendInvoiceJours: journalRows,
    CCGVendSpends: spends,
    CCGVendSettlements: settlements,
    CCGVendTransactions: transactions,
  };
}
