import { describe, expect, it } from 'vitest';
import type { RoutingRule, SlaPolicy } from '@ops/contract/helpdesk/helpdesk-flow.schemas';
import { routingRuleEntity } from './HelpdeskAdminPages';
import { slaPolicyEntity } from './SlaPolicyPages';

const cell = <Row,>(columns: { field: string; value: (row: Row) => string }[], field: string, row: Row) => columns.find((c) => c.field === field)!.value(row);

describe('match columns of the SLA policy and routing rule lists', () => {
  it('read "Any" for a policy or rule that matches every type and priority, and the label otherwise', () => {
    const any = { ticket_type: null, priority: null } as SlaPolicy;
    expect(cell(slaPolicyEntity.columns, 'ticket_type', any)).toBe('Any');
    expect(cell(slaPolicyEntity.columns, 'priority', any)).toBe('Any');
    const urgent = { ticket_type: 'SERVICE_REQUEST', priority: 'URGENT' } as SlaPolicy;
    expect(cell(slaPolicyEntity.columns, 'ticket_type', urgent)).toBe('Service Request');
    expect(cell(slaPolicyEntity.columns, 'priority', urgent)).toBe('Urgent');
    const rule = { ticket_type: null, priority: null } as RoutingRule;
    expect(cell(routingRuleEntity.columns, 'ticket_type', rule)).toBe('Any');
    expect(cell(routingRuleEntity.columns, 'priority', rule)).toBe('Any');
  });
});
