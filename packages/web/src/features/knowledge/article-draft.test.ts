import { describe, expect, it } from 'vitest';
import { acknowledgementsCsv, acknowledgementsFileName, csvCell } from './acknowledgement-csv';
import { audienceSummary, checkDraft, draftConflicts, draftOf, placeErrors, settleDraft } from './article-draft';

const base = { ...draftOf(), title: 'Allergens', status: 'PUBLISHED' as const };

describe('the article draft', () => {
  it('refuses a blank title and a malformed date before asking the server', () => {
    expect(checkDraft({ ...base, title: '  ' })).toEqual({ title: 'This field may not be blank.' });
    expect(checkDraft({ ...base, review_by: '31/12/2026' })).toEqual({ review_by: 'Enter a valid date.' });
    expect(checkDraft(base)).toEqual({});
  });

  it("places a 400's messages on the editor's fields, the audience's under audience", () => {
    const placed = placeErrors({
      title: ['This field may not be blank.'],
      audience: { clients: ['Invalid pk "x" - object does not exist.'] },
      detail: 'Odd.',
    });
    expect(placed.fields.title).toBe('This field may not be blank.');
    expect(placed.fields.audience).toBe('clients: Invalid pk "x" - object does not exist.');
    expect(placed.other).toEqual(['Odd.']);
  });

  it('after a 412 keeps by default their change where only they changed a field, mine where I did', () => {
    const theirs = { ...base, title: 'Allergen procedure', acknowledgement_required: true };
    const mine = { ...base, title: 'Allergens at the counter', review_by: '2027-01-01' };
    const conflicts = draftConflicts(base, theirs, mine);
    expect(conflicts.map((c) => [c.name, c.changedByThem, c.changedByMe])).toEqual([
      ['title', true, true],
      ['review_by', false, true],
      ['acknowledgement_required', true, false],
    ]);
    expect(settleDraft(theirs, conflicts, {})).toMatchObject({
      title: 'Allergens at the counter',
      review_by: '2027-01-01',
      acknowledgement_required: true,
    });
    expect(settleDraft(theirs, conflicts, { title: false })).toMatchObject({ title: 'Allergen procedure' });
  });

  it('sums up an audience', () => {
    expect(audienceSummary(base.audience)).toBe('Everyone');
    expect(audienceSummary({ user_types: [5], legal_entities: [], clients: ['a', 'b'], cost_centres: ['c'] })).toBe(
      'Site User · 2 clients, 1 cost centre',
    );
  });
});

describe('the acknowledgement CSV', () => {
  it('lists acknowledged then pending people, quoting and neutralising formulas', () => {
    const csv = acknowledgementsCsv(
      {
        version: 3,
        acknowledged: [{ user: { id: '1', full_name: 'Sid, Inside' }, at: '2026-11-02T08:00:00.000Z' }],
        pending: [{ user: { id: '2', full_name: '=HYPERLINK("x")' } }],
      },
      'Allergens',
    );
    expect(csv.split('\r\n')).toEqual([
      'Article,Person,Status,Acknowledged at,Version',
      'Allergens,"Sid, Inside",Acknowledged,2026-11-02T08:00:00.000Z,3',
      `Allergens,"'=HYPERLINK(""x"")",Pending,,3`,
      '',
    ]);
    expect(csvCell('-1')).toBe("'-1");
    expect(acknowledgementsFileName('Allergen procedure: kitchen!', 3)).toBe(
      'acknowledgements-allergen-procedure-kitchen-v3.csv',
    );
  });
});
