import type { SiteCheckStep, SiteCheckStepKind } from '@ops/contract/sitechecks/sitechecks';
import type { AnswerValue } from './answer-queue';

/** A template's step as the editor and the run page hold it (what the server sends: every field present). */
export type Step = SiteCheckStep;

/** The contract's step kinds, in its order (the contract module itself carries zod, which no page loads). */
export const STEP_KIND_LABELS: Record<SiteCheckStepKind, string> = {
  CHECK: 'Yes / no check',
  NUMBER: 'Number (reading)',
  CHOICE: 'Choice',
  TEXT: 'Text',
  PHOTO: 'Photo',
  SIGNATURE: 'Signature',
};
export const STEP_KINDS = Object.keys(STEP_KIND_LABELS) as SiteCheckStepKind[];

/**
 * Whether a value passes its step, as the server decides it (`answerOk`): a CHECK answered no, a
 * NUMBER outside min..max and a CHOICE among the failing choices fail. Shown before saving, so a
 * reading out of range is red as it is typed.
 */
export function answerPasses(step: Step, value: AnswerValue): boolean {
  if (step.kind === 'CHECK') return value === true;
  if (step.kind === 'NUMBER' && typeof value === 'number')
    return (step.min === null || value >= step.min) && (step.max === null || value <= step.max);
  if (step.kind === 'CHOICE') return !step.fail_choices.includes(String(value));
  return true;
}

/** A typed reading as a number, or null when it is not one (the server takes `-?digits[.digits]`). */
export function readingOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/** "Between 0 and 5 °C", "At least 75 °C", "At most 8 °C", or null without a range. */
export function rangeText(step: Pick<Step, 'min' | 'max' | 'unit'>): string | null {
  const unit = step.unit ? ` ${step.unit}` : '';
  if (step.min !== null && step.max !== null) return `Between ${step.min} and ${step.max}${unit}`;
  if (step.min !== null) return `At least ${step.min}${unit}`;
  if (step.max !== null) return `At most ${step.max}${unit}`;
  return null;
}

/**
 * The step keys a 400 of `complete` names: its `answers` list holds one message per required step
 * without an answer, `The step "<label>" (<key>) is required.` (keys are letters, digits, _ and -).
 */
export function missingStepKeys(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const answers = (body as { answers?: unknown }).answers;
  if (!Array.isArray(answers)) return [];
  return answers.flatMap((message) => {
    const match = typeof message === 'string' ? /\(([A-Za-z0-9][A-Za-z0-9_-]*)\) is required\.$/.exec(message) : null;
    return match ? [match[1]!] : [];
  });
}

const MAX_KEY = 64;

/**
 * A step key made from its label (`Fridge 1 temperature` -> `fridge_1_temperature`), unique among
 * `taken` (a suffix `_2`, `_3`... when it is not), within the contract's rule: a letter or digit
 * first, then letters, digits, `_` and `-`, at most 64 characters.
 */
export function keyFromLabel(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, MAX_KEY)
      .replace(/_+$/, '') || 'step';
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const key = `${base.slice(0, MAX_KEY - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!used.has(key)) return key;
  }
}

/**
 * Keys for every step of an edited template: a step keeps the key it was saved with (runs and
 * reports name it), a new one gets one from its label, unique in the template.
 */
export function withKeys<T extends { key: string; label: string }>(steps: T[]): T[] {
  const taken = new Set(steps.map((step) => step.key).filter(Boolean));
  return steps.map((step) => {
    if (step.key) return step;
    const key = keyFromLabel(step.label, taken);
    taken.add(key);
    return { ...step, key };
  });
}

/** Text of a stored answer for a read-only run. */
export function answerText(step: Step | undefined, value: AnswerValue): string {
  if (value === null)
    return step && (step.kind === 'PHOTO' || step.kind === 'SIGNATURE')
      ? step.kind === 'PHOTO'
        ? 'Photo taken'
        : 'Signed'
      : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return `${value}${step?.unit ? ` ${step.unit}` : ''}`;
  return value;
}
