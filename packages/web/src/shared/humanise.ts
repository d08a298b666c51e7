/**
 * Abbreviations that stay in capitals wherever codes and field names are
 * turned into labels: "ABN", not "Abn". Salutations (MR, DR) are words here.
 */
const ABBREVIATIONS = new Set(['ABN', 'ACN', 'ADP', 'API', 'CRM', 'CSV', 'EDM', 'GST', 'HR', 'ID', 'IT', 'NDIS', 'PDF', 'PR', 'SMS', 'TAPT', 'URL', 'WHS']);

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

/** Shown for a related record outside the user's allocation: the API withholds its name (id only). */
export const WITHHELD_LABEL = 'Outside your allocation';
