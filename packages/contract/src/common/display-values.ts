/**
 * Values as the web app displays them: enumeration codes as labels, booleans
 * as Yes/No, date-times in the user's zone and format. Shared by the grid and
 * by list exports with `values=display`, so a CSV reads like the grid.
 */

/** The date-time formats a user may choose: ISO-8601 or a locale's medium date and short time. */
export const DATE_TIME_FORMATS = [
  'ISO-8601', 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'zh-CN', 'it-IT', 'es-ES', 'ru-RU',
  'ko-KR', 'en-CA', 'en-AU', 'hi-IN', 'ne-NP', 'ar-SA', 'ar-AE', 'fa-IR', 'tr-TR',
] as const;

/**
 * Abbreviations that stay in capitals wherever codes and field names are
 * turned into labels: "ABN", not "Abn". Salutations (MR, DR) are words here.
 */
export const ABBREVIATIONS = new Set(['ABN', 'ACN', 'ADP', 'API', 'CRM', 'CSV', 'EDM', 'GST', 'HR', 'ID', 'IT', 'NDIS', 'PDF', 'PR', 'SMS', 'TAPT', 'URL', 'WHS']);

/** Names with their own capitals. */
const SPELLINGS: Record<string, string> = { LINKEDIN: 'LinkedIn' };

const word = (text: string, capital: boolean) => {
  if (ABBREVIATIONS.has(text.toUpperCase())) return text.toUpperCase();
  if (SPELLINGS[text.toUpperCase()]) return SPELLINGS[text.toUpperCase()]!;
  const lower = text.toLowerCase();
  return capital ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
};

/** Two-letter codes that are words (salutations); other codes of one or two letters are abbreviations (IN, CR, PO). */
const SHORT_WORDS = new Set(['MR', 'MS', 'MX', 'DR']);

/** "SERVICE_REQUEST" -> "Service Request", "EMAIL_EDM" -> "Email EDM": display labels for enumeration codes. */
export function humaniseCode(code: string): string {
  if (code.length <= 2 && code === code.toUpperCase() && !SHORT_WORDS.has(code)) return code;
  return code
    .split(/[_-]+/)
    .filter(Boolean)
    .map((part) => word(part, true))
    .join(' ');
}

/**
 * "account_number" -> "Account number", "abn" -> "ABN", "owner__email" -> "Owner email":
 * labels for field names. Names the API spells in mixed case (EmpCode) keep their spelling.
 */
export function humaniseField(field: string): string {
  return field
    .split(/_+/)
    .filter(Boolean)
    .map((part, index) => (ABBREVIATIONS.has(part.toUpperCase()) ? part.toUpperCase() : index === 0 ? part.charAt(0).toUpperCase() + part.slice(1) : part))
    .join(' ');
}

/** A boolean as the grid shows it. */
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A date-time in `format` (ISO-8601: `2025-03-14 15:30`, else a BCP 47 locale's medium date and short time) in `timeZone`. */
export function formatDateTime(value: Date | string, format: string, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (format === 'ISO-8601') {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
  }
  try {
    return new Intl.DateTimeFormat(format, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}
