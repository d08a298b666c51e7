import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_HISTORY_FIELDS } from '@ops/contract/helpdesk/helpdesk.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser, type TestUser } from '../../test/factories/users';
import { insertTicket } from '../../test/factories/helpdesk';
import { historyOf, TRACKED_FIELDS } from './ticket-history';

type Tracked = Parameters<typeof historyOf>[0];

const ticket = (overrides: Partial<Tracked> = {}): Tracked => ({
  id: '01900000-0000-7000-8000-00000000000a',
  ticketStatus: 'OPEN',
  priority: 'MEDIUM',
  title: 'Oven door stuck',
  assigneeId: null,
  assignee: null,
  teamId: null,
  team: null,
  clientId: null,
  client: null,
  costCentreId: null,
  costCentre: null,
  ...overrides,
});
const person = (id: string, full_name: string) => ({ id, full_name, email: `${id}@example.test` });

describe('the history field list', () => {
  it('names every field the history may record, once', () => {
    expect(TRACKED_FIELDS.map((f) => f.field).sort()).toEqual([...TICKET_HISTORY_FIELDS].sort());
  });

  it('a change of every tracked field gives exactly one entry each, in the list order, labelled as people read them', () => {
    const before = ticket({ assigneeId: 'u1', assignee: person('u1', 'Ann Old'), clientId: 'c1', client: { id: 'c1', name: 'Acme' } });
    const after = ticket({
      ticketStatus: 'IN_PROGRESS',
      priority: 'URGENT',
      title: 'Oven door broken',
      assigneeId: 'u2',
      assignee: person('u2', 'Bo New'),
      teamId: 't1',
      team: { id: 't1', name: 'Kitchens' },
      clientId: null,
      client: null,
      costCentreId: 'cc1',
      costCentre: { id: 'cc1', name: 'Site 7' },
    });
    const base = { ticketId: after.id, changedById: 'actor' };
    expect(historyOf(before, after, 'actor')).toEqual([
      { ...base, field: 'ticket_status', fromStatus: 'OPEN', toStatus: 'IN_PROGRESS', fromValue: 'OPEN', toValue: 'IN_PROGRESS' },
      { ...base, field: 'priority', fromValue: 'MEDIUM', toValue: 'URGENT' },
      { ...base, field: 'title', fromValue: 'Oven door stuck', toValue: 'Oven door broken' },
      { ...base, field: 'assignee', fromValue: 'Ann Old', toValue: 'Bo New' },
      { ...base, field: 'team', fromValue: null, toValue: 'Kitchens' },
      { ...base, field: 'client', fromValue: 'Acme', toValue: null },
      { ...base, field: 'cost_centre', fromValue: null, toValue: 'Site 7' },
    ]);
  });

  it('compares ids, not names: the same assignee under a new name, or nothing changed, records nothing', () => {
    const before = ticket({ assigneeId: 'u1', assignee: person('u1', 'Ann Old') });
    expect(historyOf(before, ticket({ assigneeId: 'u1', assignee: person('u1', 'Ann Renamed') }), 'actor')).toEqual([]);
    expect(historyOf(before, before, 'actor')).toEqual([]);
  });
});

describe('a multi-field change through the API', () => {
  let t: TestApp;
  let agent: TestUser;
  let helper: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await insertUser(t, { userType: 2, firstName: 'Carl', lastName: 'Corporate' });
    helper = await insertUser(t, { userType: 2, firstName: 'Hana', lastName: 'Helper' });
  });
  afterAll(() => t?.close());

  it('records exactly one entry per changed field and none for the fields sent unchanged', async () => {
    const created = await insertTicket(t, agent, { title: 'Fridge warm', priority: 'LOW' });
    const url = `/api/helpdesk/tickets/${created.id}/`;
    const history = async () => (await t.request({ method: 'GET', url: `${url}history/?page_size=100`, token: agent.token })).json().results;
    const before = (await history()).length;
    const response = await t.request({
      method: 'PATCH',
      url,
      token: agent.token,
      payload: { ticket_status: 'IN_PROGRESS', priority: 'HIGH', title: 'Fridge broken', assignee: helper.id, ticket_type: 'INCIDENT' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const added = (await history()).slice(before);
    const shape = (e: Record<string, unknown>) => [e.field, e.from_status, e.to_status, e.from_value, e.to_value, (e.changed_by as { id: string }).id];
    expect(added.map(shape).sort()).toEqual(
      [
        ['assignee', null, null, null, 'Hana Helper', agent.id],
        ['priority', null, null, 'LOW', 'HIGH', agent.id],
        ['ticket_status', 'OPEN', 'IN_PROGRESS', 'OPEN', 'IN_PROGRESS', agent.id],
        ['title', null, null, 'Fridge warm', 'Fridge broken', agent.id],
      ].sort(),
    );
  });
});
