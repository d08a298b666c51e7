import type { SiteCheckStepKind } from '@ops/contract/sitechecks/sitechecks';
import type { FieldSpec } from '../records/components/record-fields';
import { sameValue } from '../records/components/edit-conflict';
import { rangeText, STEP_KIND_LABELS, withKeys, type Step } from './steps';

// The template editor's values, apart from the page (template-form.test.ts): the steps as the editor
// holds them, as the API takes them, and what a conflict (a save answered 412) compares and shows.

/** A step as its editor holds it: numbers as typed, and a stable id for React. */
export type DraftStep = Omit<Step, 'min' | 'max'> & { uid: number; min: string; max: string };

let nextUid = 1;
export const draftOf = (step: Step): DraftStep => ({
  ...step,
  uid: nextUid++,
  min: step.min === null ? '' : String(step.min),
  max: step.max === null ? '' : String(step.max),
});
export const emptyStep = (kind: SiteCheckStepKind = 'CHECK'): DraftStep => ({
  uid: nextUid++,
  key: '',
  label: '',
  kind,
  required: true,
  help: '',
  unit: null,
  min: '',
  max: '',
  choices: [],
  fail_choices: [],
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** The steps as the API takes them: keys kept or made from labels, numbers parsed, fields of other kinds cleared. */
export function stepsForSave(drafts: DraftStep[]): Step[] {
  return withKeys(drafts).map(({ uid: _uid, ...step }) => ({
    key: step.key,
    label: step.label.trim(),
    kind: step.kind,
    required: step.required,
    help: step.help,
    unit: step.kind === 'NUMBER' ? step.unit?.trim() || null : null,
    min: step.kind === 'NUMBER' ? numberOrNull(step.min) : null,
    max: step.kind === 'NUMBER' ? numberOrNull(step.max) : null,
    choices: step.kind === 'CHOICE' ? step.choices : [],
    fail_choices: step.kind === 'CHOICE' ? step.fail_choices : [],
  }));
}

/** What the editor saves and a conflict compares, field by field. */
export type TemplateValues = {
  name: string;
  description: string;
  active: boolean;
  steps: Step[];
};

/**
 * A template as the editor would save it, unchanged: its steps pass through the editor's own
 * conversion, so a template compares equal to the form it fills.
 */
export const valuesOfTemplate = (template: {
  name: string;
  description: string;
  active: boolean;
  steps: readonly Step[];
}): TemplateValues => ({
  name: template.name,
  description: template.description,
  active: template.active,
  steps: stepsForSave(template.steps.map(draftOf)),
});

/** The fields a conflict shows (the shared conflict view's field specs); the steps as one field, told by `describeTemplateValue`. */
export const TEMPLATE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'multiline' },
  { name: 'active', label: 'Active', kind: 'boolean' },
  { name: 'steps', label: 'Steps', kind: 'multiline' },
];

/** Whether the form holds something other than `base` (a newer template may then replace it only through a conflict). */
export const templateChanged = (base: TemplateValues, mine: TemplateValues): boolean =>
  (Object.keys(base) as (keyof TemplateValues)[]).some((name) => !sameValue(base[name], mine[name]));

/** One line per step: "2. Fridge temperature: Number (reading), between 0 and 5 °C, optional". */
export function stepLines(steps: readonly Step[]): string[] {
  return steps.map((step, index) => {
    const details = [STEP_KIND_LABELS[step.kind]];
    if (step.kind === 'NUMBER') {
      const range = rangeText(step);
      if (range) details.push(range.charAt(0).toLowerCase() + range.slice(1));
    }
    if (step.kind === 'CHOICE') {
      details.push(step.choices.join(' / '));
      if (step.fail_choices.length) details.push(`fails on ${step.fail_choices.join(' / ')}`);
    }
    if (!step.required) details.push('optional');
    return `${index + 1}. ${step.label || '(no label)'}: ${details.join(', ')}`;
  });
}
