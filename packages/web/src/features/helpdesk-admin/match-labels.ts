import { humaniseCode } from '../../shared/humanise';

/**
 * A match's value as the SLA policy and routing rule lists show it: the choice's label, or "Any"
 * when the policy or rule matches every value (the forms' empty choice), not a blank cell.
 */
export const anyOr = (code: string | null) => (code ? humaniseCode(code) : 'Any');
