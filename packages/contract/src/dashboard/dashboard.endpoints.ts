import { endpoint } from '../common/endpoint';
import { dashboardSchema } from './dashboard.schemas';

export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/helpdesk/dashboard/',
    summary: "Home's dashboard: ticket figures in the caller's scope, and recent changes to the caller's clients (with client read permission)",
    tags: ['helpdesk'],
    access: { kind: 'permission', model: 'ticket', action: 'read' },
    responses: { 200: dashboardSchema },
  }),
};
