import { day, decimal, flag, instant, int64, oneOf, optionalInt64, required, text } from '../../mapping';
import type { SyncRow } from '../../sync.repository';
import { uuidv7 } from '../../../../db/ids';
import { VENDOR_HOLD_STATUSES } from '@ops/contract/integrations/dynamics.schemas';

const money = (v: unknown, field: string) => decimal(v, field, 2);

export function mapInvoiceJournal(r: Record<string, unknown>): SyncRow<'vendInvoiceJour'> {
  return {
    id: int64(r.RecId, 'AtlasVendInvoiceJours.RecId'),
    InvoiceAccount: required(r.InvoiceAccount, 'InvoiceAccount', 20),
    VendorName: text(r.VendorName, 100),
    InvoiceId: required(r.InvoiceId, 'InvoiceId', 20),
    InvoiceDate: day(r.InvoiceDate, 'InvoiceDate'),
    InvoiceAmount: money(r.InvoiceAmount, 'InvoiceAmount'),
    InvoiceAmountMST: money(r.InvoiceAmountMST, 'InvoiceAmountMST'),
    SalesBalance: money(r.SalesBalance, 'SalesBalance'),
    SumLineDisc: money(r.SumLineDisc, 'SumLineDisc'),
    SumTax: money(r.SumTax, 'SumTax'),
    CurrencyCode: text(r.CurrencyCode, 3),
    VendGroup: text(r.VendGroup, 10),
    Description: text(r.Description, 60),
    DocumentDate: day(r.DocumentDate, 'DocumentDate'),
    DocumentNum: text(r.DocumentNum, 20),
    DueDate: day(r.DueDate, 'DueDate'),
    CashDisc: money(r.CashDisc, 'CashDisc'),
    CashDiscCode: text(r.CashDiscCode, 10),
    CashDiscDate: day(r.CashDiscDate, 'CashDiscDate'),
    PurchId: text(r.PurchId, 20),
    Qty: money(r.Qty, 'Qty'),
    TaxGroup: text(r.TaxGroup, 10),
    dataAreaId: required(r.dataAreaId, 'dataAreaId', 4).toLowerCase(),
    LedgerVoucher: text(r.LedgerVoucher, 20),
    InternalInvoiceId: text(r.InternalInvoiceId, 20),
    PostingProfile: text(r.PostingProfile, 10),
    PaymTermId: text(r.PaymTermId, 10),
  };
}

export function mapSpend(r: Record<string, unknown>): SyncRow<'vendSpend'> {
  return {
    id: int64(r.RecId, 'CCGVendSpends.RecId'),
    dataAreaId: required(r.dataAreaId, 'dataAreaId', 4).toLowerCase(),
    InvoiceAccount: required(r.InvoiceAccount, 'InvoiceAccount', 20),
    InvoiceId: required(r.InvoiceId, 'InvoiceId', 20),
    CompanyName: text(r.CompanyName, 100),
    Period: text(r.Period, 20),
    InvoicePostingDate: day(r.InvoicePostingDate, 'InvoicePostingDate'),
    SiteId: text(r.SiteId, 20),
    SiteDesc: text(r.SiteDesc, 100),
    StateDesc: text(r.StateDesc, 50),
    GroupDesc: text(r.GroupDesc, 100),
    SegmentDesc: text(r.SegmentDesc, 100),
    MainAccount: text(r.MainAccount, 20),
    VendGroupDescription: text(r.VendGroupDescription, 100),
    VendLocallyOwned: flag(r.VendLocallyOwned),
    IndigenousStatus: text(r.IndigenousStatus, 50),
    CategoryDescription: text(r.CategoryDescription, 100),
    SubCategoryDesc: text(r.SubCategoryDesc, 100),
    MAF: text(r.MAF, 20),
    InvoiceAmountInclGST: money(r.InvoiceAmountInclGST, 'InvoiceAmountInclGST'),
    JournalNum: text(r.JournalNum, 20),
    LineNum: decimal(r.LineNum, 'LineNum', 2),
  };
}

export function mapTransaction(r: Record<string, unknown>): SyncRow<'vendTransaction'> {
  return {
    RecordId: int64(r.RecordId, 'CCGVendTransactions.RecordId'),
    dataAreaId: required(r.dataAreaId, 'dataAreaId', 4).toLowerCase(),
    AccountNum: required(r.AccountNum, 'AccountNum', 20),
    InvoiceId: required(r.InvoiceId, 'InvoiceId', 20),
    TransDate: day(r.TransDate, 'TransDate'),
    TransType: text(r.TransType, 30),
    PaymSpec: text(r.PaymSpec, 20),
    PaymMode: text(r.PaymMode, 20),
    AmountCur: money(r.AmountCur, 'AmountCur'),
    CurrencyCode: text(r.CurrencyCode, 3),
    ReportingCurrencyAmount: money(r.ReportingCurrencyAmount, 'ReportingCurrencyAmount'),
    Settlement: flag(r.Settlement),
    PromissoryNoteStatus: text(r.PromissoryNoteStatus, 30),
    Approved: flag(r.Approved),
    ApprovedDate: day(r.ApprovedDate, 'ApprovedDate'),
    PostingProfile: text(r.PostingProfile, 10),
    JournalNum: text(r.JournalNum, 20),
    Voucher: text(r.Voucher, 20),
  };
}

export function mapSettlement(r: Record<string, unknown>): SyncRow<'vendSettlement'> {
  return {
    id: int64(r.RecId, 'CCGVendSettlements.RecId'),
    dataAreaId: required(r.dataAreaId, 'dataAreaId', 4).toLowerCase(),
    AccountNum: required(r.AccountNum, 'AccountNum', 20),
    InvoiceId: required(r.InvoiceId, 'InvoiceId', 20),
    TransDate: day(r.TransDate, 'TransDate'),
    TransType: text(r.TransType, 30),
    SettleAmountCur: money(r.SettleAmountCur, 'SettleAmountCur'),
    SettleAmountMST: money(r.SettleAmountMST, 'SettleAmountMST'),
    ExchAdjustment: money(r.ExchAdjustment, 'ExchAdjustment'),
    SettlementVoucher: text(r.SettlementVoucher, 20),
    OffsetTransVoucher: text(r.OffsetTransVoucher, 20),
    UtilizedCashDisc: money(r.UtilizedCashDisc, 'UtilizedCashDisc'),
    SettlementGroup: optionalInt64(r.SettlementGroup, 'SettlementGroup'),
    DueDate: day(r.DueDate, 'DueDate'),
    CanBeReversed: flag(r.CanBeReversed),
  };
}

/*
 * Derived dimension fields. Our cost-centre dimension values are coded
 * S SS GG N...: one digit state, two digits segment, two digits group, then
 * the site's sequence (e.g. 1102003 = NSW, Health, Hospitals, site 003).
 * Values of other dimensions, or that do not follow the layout, derive
 * nothing. derived_dimension is "<state>-<segment>-<group>" in words.
 */
export const DIMENSION_STATES: Record<string, string> = {
  '1': 'NSW',
  '2': 'VIC',
  '3': 'QLD',
  '4': 'SA',
  '5': 'WA',
  '6': 'TAS',
  '7': 'NT',
  '8': 'ACT',
  '9': 'National',
};
export const DIMENSION_SEGMENTS: Record<string, string> = {
  '10': 'Health',
  '20': 'Aged Care',
  '30': 'Education',
  '40': 'Defence',
  '50': 'Remote and Resources',
  '60': 'Corporate Dining',
  '90': 'Corporate',
};
export const DIMENSION_GROUPS: Record<string, string> = {
  '10': 'Hospitals',
  '20': 'Residential Care',
  '30': 'Retirement Villages',
  '40': 'Schools',
  '50': 'Universities',
  '60': 'Bases',
  '70': 'Mine Sites',
  '80': 'Offices',
  '90': 'Support',
};

export interface DerivedDimension {
  derived_dimension: string | null;
  state: string | null;
  state_value: string | null;
  segment: string | null;
  segment_value: string | null;
  group: string | null;
  group_value: string | null;
}

export function deriveDimensionFields(
  financialDimension: string,
  dimensionValue: string,
  siteDimension = 'CostCentre',
): DerivedDimension {
  const match = /^(\d)(\d{2})(\d{2})\d+$/.exec(dimensionValue);
  if (financialDimension.toLowerCase() !== siteDimension.toLowerCase() || !match) {
    return {
      derived_dimension: null,
      state: null,
      state_value: null,
      segment: null,
      segment_value: null,
      group: null,
      group_value: null,
    };
  }
  const [, state, segment, group] = match as unknown as [string, string, string, string];
  const state_value = DIMENSION_STATES[state] ?? null;
  const segment_value = DIMENSION_SEGMENTS[segment] ?? null;
  const group_value = DIMENSION_GROUPS[group] ?? null;
  return {
    derived_dimension: `${state_value ?? state}-${segment_value ?? segment}-${group_value ?? group}`,
    state,
    state_value,
    segment,
    segment_value,
    group,
    group_value,
  };
}

export function mapDimensionValue(
  r: Record<string, unknown>,
  existingId: string | undefined,
  siteDimension: string,
): SyncRow<'financialDimensionValue'> {
  const FinancialDimension = required(r.FinancialDimension, 'FinancialDimension', 60);
  const DimensionValue = required(r.DimensionValue, 'DimensionValue', 30);
  return {
    id: existingId ?? uuidv7(),
    LegalEntityId: (text(r.LegalEntityId, 4) ?? '').toLowerCase(),
    FinancialDimension,
    DimensionValue,
    Description: text(r.Description, 60),
    GroupDimension: text(r.GroupDimension, 60),
    IsSuspended: flag(r.IsSuspended),
    IsBlockedForManualEntry: flag(r.IsBlockedForManualEntry),
    IsTotal: flag(r.IsTotal),
    ActiveFrom: day(r.ActiveFrom, 'ActiveFrom'),
    ActiveTo: day(r.ActiveTo, 'ActiveTo'),
    Owner: text(r.Owner, 60),
    IsBalancing_PSN: flag(r.IsBalancing_PSN),
    ...deriveDimensionFields(FinancialDimension, DimensionValue, siteDimension),
  };
}

export const dimensionKey = (r: Record<string, unknown>) =>
  [String(r.FinancialDimension ?? ''), String(r.DimensionValue ?? ''), String(r.LegalEntityId ?? '').toLowerCase()].join(
    '\u0001',
  );

export function mapVendor(r: Record<string, unknown>): SyncRow<'vendor'> {
  const dataAreaId = required(r.dataAreaId, 'dataAreaId', 4).toLowerCase();
  const account = required(r.VendorAccountNumber, 'VendorAccountNumber', 10);
  const t = (field: string, max: number) => text(r[field], max);
  return {
    // The entity's key is (dataAreaId, VendorAccountNumber); one string id for our API.
    id: `${dataAreaId}-${account}`,
    dataAreaId,
    VendorAccountNumber: account,
    VendorPartyNumber: t('VendorPartyNumber', 40),
    VendorOrganizationName: t('VendorOrganizationName', 100),
    VendorSearchName: t('VendorSearchName', 100),
    VendorKnownAsName: t('VendorKnownAsName', 100),
    VendorGroupId: t('VendorGroupId', 10),
    CashDiscountCode: t('CashDiscountCode', 10),
    OnHoldStatus: oneOf(r.OnHoldStatus, VENDOR_HOLD_STATUSES, 'OnHoldStatus', 'No'),
    VendorHoldReleaseDate: day(r.VendorHoldReleaseDate, 'VendorHoldReleaseDate') ?? '1900-01-01',
    IsOneTimeVendor: flag(r.IsOneTimeVendor),
    PreferentialVendor: flag(r.PreferentialVendor),
    IsSmallBusiness: flag(r.IsSmallBusiness ?? r.IsVendorSmallBusiness),
    IsVendorLocallyOwned: flag(r.IsVendorLocallyOwned),
    ForeignVendor: flag(r.ForeignVendor),
    PrimaryPhoneNumber: t('PrimaryPhoneNumber', 255),
    PrimaryPhoneNumberDescription: t('PrimaryPhoneNumberDescription', 60),
    PrimaryPhoneNumberPurpose: t('PrimaryPhoneNumberPurpose', 255),
    PrimaryContactPhoneRecordId: int64(r.PrimaryContactPhoneRecordId ?? 0, 'PrimaryContactPhoneRecordId'),
    PrimaryFaxNumber: t('PrimaryFaxNumber', 255),
    PrimaryFaxNumberDescription: t('PrimaryFaxNumberDescription', 60),
    PrimaryContactFaxRecordId: optionalInt64(r.PrimaryContactFaxRecordId, 'PrimaryContactFaxRecordId'),
    PrimaryEmailAddress: t('PrimaryEmailAddress', 255),
    PrimaryEmailAddressDescription: t('PrimaryEmailAddressDescription', 60),
    PrimaryEmailAddressPurpose: t('PrimaryEmailAddressPurpose', 255),
    PrimaryContactEmailRecordId: int64(r.PrimaryContactEmailRecordId ?? 0, 'PrimaryContactEmailRecordId'),
    PersonFirstName: t('PersonFirstName', 25),
    PersonMiddleName: t('PersonMiddleName', 25),
    PersonLastName: t('PersonLastName', 25),
    PersonPersonalTitle: t('PersonPersonalTitle', 50),
    PersonProfessionalTitle: t('PersonProfessionalTitle', 50),
    AddressRecordId: int64(r.AddressRecordId ?? 0, 'AddressRecordId'),
    AddressValidFrom: instant(r.AddressValidFrom, 'AddressValidFrom') ?? new Date('1900-01-01T00:00:00Z'),
    AddressValidTo: instant(r.AddressValidTo, 'AddressValidTo') ?? new Date('2154-12-31T23:59:59Z'),
    AddressDescription: t('AddressDescription', 60),
    AddressStreet: t('AddressStreet', 100),
    AddressCity: t('AddressCity', 50),
    AddressZipCode: t('AddressZipCode', 10),
    AddressState: t('AddressState', 10),
    AddressCountryRegionId: t('AddressCountryRegionId', 5),
    FormattedPrimaryAddress: t('FormattedPrimaryAddress', 150),
    AddressLocationRoles: t('AddressLocationRoles', 255),
    BusinessSegmentCode: t('BusinessSegmentCode', 20),
    BusinessSubsegmentCode: t('BusinessSubsegmentCode', 20),
    Notes: t('Notes', 150),
    CurrencyCode: t('CurrencyCode', 5),
    DefaultPaymentTermsName: t('DefaultPaymentTermsName', 10),
    DefaultPaymentMethodName: t('DefaultPaymentMethodName', 10),
    DefaultPaymentDayName: t('DefaultPaymentDayName', 10),
    DefaultPaymentScheduleName: t('DefaultPaymentScheduleName', 30),
    BankAccountId: t('BankAccountId', 10),
    SalesTaxGroupCode: t('SalesTaxGroupCode', 10),
    TaxExemptNumber: t('TaxExemptNumber', 20),
    WithholdingTaxGroupCode: t('WithholdingTaxGroupCode', 10),
    DefaultProcurementSiteId: t('DefaultProcurementSiteId', 10),
    DefaultProcurementWarehouseId: t('DefaultProcurementWarehouseId', 10),
    DefaultPurchaseOrderPoolId: t('DefaultPurchaseOrderPoolId', 10),
    DefaultDeliveryModeId: t('DefaultDeliveryModeId', 10),
    DefaultDeliveryTermsCode: t('DefaultDeliveryTermsCode', 10),
  };
}
