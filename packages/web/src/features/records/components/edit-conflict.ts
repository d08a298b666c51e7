import type { FieldSpec } from './record-fields';

// A save answered 412 (someone else saved the record since the form was filled): what each side
// changed, field by field, and the values the user settles on. Pure, so the rule is tested apart from
// the dialog (edit-conflict.test.ts).

type Values = Record<string, unknown>;
type InputField = Exclude<FieldSpec, { section: string }>;

export type Side = 'mine' | 'theirs';

/** One field that differs between what the user typed and the record as it is now. */
export interface FieldConflict {
  field: InputField;
  /** As the form was filled. */
  base: unknown;
  /** As the other person saved it. */
  theirs: unknown;
  /** As the user typed it. */
  mine: unknown;
  changedByThem: boolean;
  changedByMe: boolean;
}

/** Form values compared as the API would take them: '' and null alike, arrays in order, objects by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  const blank = (value: unknown) => value === '' || value === null || value === undefined;
  if (blank(a) && blank(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields where the user's values and the current record differ, each with who changed it. */
export function conflictsOf(fields: FieldSpec[], base: Values, theirs: Values, mine: Values): FieldConflict[] {
  return fields
    .filter((spec): spec is InputField => 'name' in spec)
    .filter((field) => !sameValue(mine[field.name], theirs[field.name]))
    .map((field) => ({
      field,
      base: base[field.name],
      theirs: theirs[field.name],
      mine: mine[field.name],
      changedByThem: !sameValue(base[field.name], theirs[field.name]),
      changedByMe: !sameValue(base[field.name], mine[field.name]),
    }));
}

/** What a field keeps unless the user chooses otherwise: their change where only they changed it, else mine. */
export const defaultSide = (conflict: FieldConflict): Side => (conflict.changedByMe ? 'mine' : 'theirs');

/**
 * The values to save: the record as it is now, with the user's own value wherever they keep it. A field
 * the user did not touch stays as the other person left it.
 */
export function settledValues(theirs: Values, conflicts: FieldConflict[], choices: Partial<Record<string, Side>>): Values {
  const settled: Values = { ...theirs };
  for (const conflict of conflicts) {
    const side = choices[conflict.field.name] ?? defaultSide(conflict);
    if (side === 'mine') settled[conflict.field.name] = conflict.mine;
  }
  return settled;
}
