import type { SiteCheckStep } from '@ops/contract/sitechecks/sitechecks';

export type AnswerValue = boolean | number | string | null;

/** A value as the step takes it (multipart sends text), or a message for the 400 on `value`. */
export function answerValueOf(step: SiteCheckStep, raw: unknown, hasFile: boolean): { value: AnswerValue } | { problem: string } {
  switch (step.kind) {
    case 'CHECK':
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      return { problem: 'Must be a valid boolean.' };
    case 'NUMBER': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
      return Number.isFinite(n) ? { value: n } : { problem: 'A valid number is required.' };
    }
    case 'CHOICE':
      if (typeof raw === 'string' && step.choices.includes(raw)) return { value: raw };
      return { problem: `"${String(raw ?? '').slice(0, 100)}" is not a valid choice.` };
    case 'TEXT':
      if (typeof raw === 'string' && raw.trim()) return { value: raw };
      return { problem: raw === undefined || raw === null ? 'This field is required.' : 'This field may not be blank.' };
    case 'PHOTO':
    case 'SIGNATURE':
      return hasFile ? { value: null } : { problem: 'No file was submitted.' };
  }
}

/** Whether an answer passes its step: a NUMBER inside min..max, a CHOICE not among fail_choices, a CHECK true. */
export function answerOk(step: SiteCheckStep, value: AnswerValue): boolean {
  if (step.kind === 'CHECK') return value === true;
  if (step.kind === 'NUMBER' && typeof value === 'number') return (step.min === null || value >= step.min) && (step.max === null || value <= step.max);
  if (step.kind === 'CHOICE') return !step.fail_choices.includes(String(value));
  return true;
}

/** Whether two step lists differ (a change of steps on a template with runs makes a new version). */
export const stepsDiffer = (a: SiteCheckStep[], b: SiteCheckStep[]) => JSON.stringify(a) !== JSON.stringify(b);

/** Steps as stored: a range only on NUMBER steps, choices only on CHOICE steps (what other kinds carry is dropped). */
export const normalisedSteps = (steps: SiteCheckStep[]): SiteCheckStep[] =>
  steps.map((step) => ({
    ...step,
    min: step.kind === 'NUMBER' ? step.min : null,
    max: step.kind === 'NUMBER' ? step.max : null,
    unit: step.kind === 'NUMBER' ? step.unit : null,
    choices: step.kind === 'CHOICE' ? step.choices : [],
    fail_choices: step.kind === 'CHOICE' ? step.fail_choices : [],
  }));

/** An answer's value as a person reads it (a ticket's body, the PDF report): `yes`/`no`, `8.5 °C (expected 0 to 5)`. */
export function valueText(step: SiteCheckStep, value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (step.kind === 'CHECK') return value === true ? 'yes' : 'no';
  if (step.kind === 'NUMBER') {
    const range = step.min !== null || step.max !== null ? ` (expected ${step.min ?? '…'} to ${step.max ?? '…'})` : '';
    return `${String(value)}${step.unit ? ` ${step.unit}` : ''}${range}`;
  }
  return String(value);
}
