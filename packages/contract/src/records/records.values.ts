/**
 * The business records' plain values (choices of spec api-contract), without zod: the web's list pages import
 * these on their first paint, where no schema loads (docs/decisions.md, "The browser trusts the API's
 * answers"). `records.schemas.ts` re-exports them.
 */

/** The product name that replaces spec api-contract's `{product}_EVENTS` placeholder (docs/decisions.md). */
export const PRODUCT_CODE = 'SALTBUSH';

export const ADDRESS_PURPOSES = ['BUSINESS', 'BILLING', 'POSTAL', 'DELIVERY', 'HOME', 'WORK', 'OTHER'] as const;
export const CONTACT_TYPES = ['PHONE', 'MOBILE', 'EMAIL', 'WEBSITE'] as const;
export const RELATION_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const ACCOUNT_TYPES = [
  'COMPANY',
  'CLIENT',
  'CUSTOMER',
  'PARTNER',
  'FRANCHISOR',
  'CONTRACTOR',
  'SITE',
  'VILLAGE',
  'COMPETITOR',
  'JOINT_VENTURE',
  'OTHER',
] as const;
/** '' is the blank choice spec api-contract calls EMPTY; the input "EMPTY" is read as ''. */
export const ACCOUNT_SOURCES = [
  '',
  'WEBSITE',
  'ADVERTISEMENT',
  'PR_MEDIA',
  'EMAIL_EDM',
  'PHONE_LEAD',
  'GOOGLE_ORGANIC',
  'GOOGLE_ADS',
  `${PRODUCT_CODE}_EVENTS`,
  'CONFERENCE_EXPOS',
  'LINKEDIN_SALES_NAVIGATOR',
  'REFERRALS',
  'LINKEDIN',
  'FACEBOOK',
  'BING_ORGANIC',
  'TAPT',
  'EXISTING_CLIENT',
  'OTHER',
] as const;
export const SALUTATIONS = [
  '',
  'MR',
  'MRS',
  'MISS',
  'MS',
  'MX',
  'SISTER',
  'FATHER',
  'SIR',
  'MADAM',
  'DR',
  'PROF',
  'LORD',
] as const;
export const PRONOUNS = ['', 'HE/HIM', 'SHE/HER', 'THEY/THEM'] as const;
export const GENDERS = [
  '',
  'MALE',
  'FEMALE',
  'NON-BINARY',
  'TRANSGENDER',
  'CISGENDER',
  'AGENDER',
  'GENDERFLUID',
  'GENDERQUEER',
  'INTERSEX',
  'PREFER_NOT_TO_SAY',
] as const;
export const COMMUNICATION_PREFERENCES = ['EMAIL', 'PHONE', 'SMS', 'POST', 'NONE', 'OTHER'] as const;
export const CONTACT_PERSON_TYPES = [
  'PRIMARY',
  'SECONDARY',
  'DECISION',
  'CONTRACTUAL',
  'PROCUREMENT',
  'SUPPORTER',
  'OTHER',
] as const;
export const OPERATION_STATUSES = [
  'ONBOARDING',
  'MOBILISING',
  'OPERATING',
  'DEMOBILISING',
  'CLOSED',
  'PLACEHOLDER',
  'OTHER',
] as const;
