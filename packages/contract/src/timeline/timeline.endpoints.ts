import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { uuid } from '../common/fields';
import { timelinePageSchema, timelineQuerySchema } from './timeline.schemas';

const idOnly = z.object({ id: uuid() });

export const timelineEndpoints = {
  clientTimeline: endpoint({
    method: 'GET',
    path: '/api/accounts/clients/{id}/timeline/',
    summary:
      "A client's timeline, newest first: audit changes, tickets and conversations, ERP spends and invoices, purchasing-portal invoices and payroll changes of the client and its cost centres (each source needs its read permission)",
    tags: ['accounts'],
    access: { kind: 'permission', model: 'client', action: 'read' },
    params: idOnly,
    query: timelineQuerySchema,
    responses: { 200: timelinePageSchema },
  }),
  costCentreTimeline: endpoint({
    method: 'GET',
    path: '/api/operations/cost-centres/{id}/timeline/',
    summary:
      "A cost centre's timeline, newest first: audit changes, tickets and conversations, ERP spends and invoices, purchasing-portal invoices and payroll changes (each source needs its read permission)",
    tags: ['operations'],
    access: { kind: 'permission', model: 'costcentre', action: 'read' },
    params: idOnly,
    query: timelineQuerySchema,
    responses: { 200: timelinePageSchema },
  }),
};
