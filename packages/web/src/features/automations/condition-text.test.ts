import { describe, expect, it } from 'vitest';
import { conditionsText } from './condition-text';

describe("a rule's conditions in words", () => {
  it('reads each condition as the list filter chips do, codes by their labels', () => {
    expect(conditionsText({ priority__in: ['HIGH', 'URGENT'], title__icontains: 'fridge', ticket_status: 'IN_PROGRESS' })).toBe(
      'Priority is any of High, Urgent\nTitle contains fridge\nTicket status is In Progress',
    );
  });

  it('says Always for no conditions, and reads empty, not empty and between', () => {
    expect(conditionsText({})).toBe('Always');
    expect(conditionsText({ assignee__isnull: true, team__isnull: false, created_at__range: ['2026-11-01', '2026-11-30'] })).toBe(
      'Assignee is empty\nTeam is not empty\nCreated at between 2026-11-01 and 2026-11-30',
    );
  });
});
