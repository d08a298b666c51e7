import { humaniseCode } from '../../humanise';

/** The filter editor's target: a field and (when editing a chip) its current condition. */
export interface FilterEditTarget {
  anchor: HTMLElement;
  field?: string;
}

/** An enum value as the filter chips and the editor show it. */
export function enumLabel(value: string): string {
  return value === '' ? '(blank)' : humaniseCode(value);
}
