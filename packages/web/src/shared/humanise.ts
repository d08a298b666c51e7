import { ABBREVIATIONS, humaniseCode } from '@ops/contract/common/display-values';

export { humaniseCode };

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
