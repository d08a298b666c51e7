import { describe, expect, it } from 'vitest';
import { historyLine, type HistoryEntry } from './TicketHistory';
import { changeConfirmation } from './StaffControls';

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: '0190d5a0-0000-7000-8000-000000000001',
  ticket: '0190d5a0-0000-7000-8000-000000000002',
  field: 'ticket_status',
  from_status: null,
  to_status: null,
  from_value: null,
  to_value: null,
  reason: null,
  changed_by: { id: '0190d5a0-0000-7000-8000-000000000003', full_name: 'Carl Corporate' },
  changed_at: '2026-11-22T04:00:00.000Z',
  ...overrides,
});

describe('historyLine', () => {
  it('reads each recorded change as a sentence', () => {
    expect(historyLine(entry({ to_status: 'OPEN' }))).toBe('Opened as Open');
    expect(historyLine(entry({ from_status: 'OPEN', to_status: 'IN_PROGRESS' }))).toBe('Open → In Progress');
    expect(historyLine(entry({ field: 'priority', from_value: 'LOW', to_value: 'URGENT' }))).toBe('Priority: Low → Urgent');
    expect(historyLine(entry({ field: 'assignee', to_value: 'Carl Corporate' }))).toBe('Assigned to Carl Corporate');
    expect(historyLine(entry({ field: 'assignee', from_value: 'Carl Corporate', to_value: 'Ada Admin' }))).toBe(
      'Reassigned from Carl Corporate to Ada Admin',
    );
    expect(historyLine(entry({ field: 'assignee', from_value: 'Ada Admin' }))).toBe('Unassigned (was Ada Admin)');
    expect(historyLine(entry({ field: 'title', from_value: 'Old', to_value: 'New' }))).toBe('Title: “Old” → “New”');
    expect(historyLine(entry({ field: 'cost_centre', from_value: 'Site A', to_value: 'Site B' }))).toBe('Cost centre: Site A → Site B');
  });
});

describe('changeConfirmation', () => {
  it('confirms each kind of change with its new value', () => {
    expect(changeConfirmation({ ticket_status: 'ON_HOLD' })).toBe('Status changed to On Hold.');
    expect(changeConfirmation({ priority: 'HIGH' })).toBe('Priority changed to High.');
    expect(changeConfirmation({ assignee: 'x' }, { id: 'x', full_name: 'Ada Admin', email: 'ada@example.com' })).toBe(
      'Assigned to Ada Admin.',
    );
    expect(changeConfirmation({ assignee: null }, null)).toBe('Ticket unassigned.');
    expect(changeConfirmation({ team: 'x' }, undefined, { name: 'Facilities' })).toBe('Handed to Facilities.');
    expect(changeConfirmation({ team: null }, undefined, null)).toBe('Team removed.');
    expect(changeConfirmation({ title: 'New' })).toBe('Title changed.');
  });
});
