import { humaniseCode, humaniseField } from '@ops/contract/common/display-values';

export { humaniseCode, humaniseField };

/** Shown for a related record outside the user's allocation: the API withholds its name (id only). */
export const WITHHELD_LABEL = 'Outside your allocation';
