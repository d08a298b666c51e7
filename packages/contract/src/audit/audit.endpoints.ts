import { endpoint } from '../common/endpoint';
import { listQuerySchema } from '../common/list-query';
import { paginated } from '../common/pagination';
import { auditEntrySchema, auditRetentionSchema, eraseAnswerSchema, userIdParams } from './audit.schemas';

const tags = ['audit'];

/** The audit trail, its retention, and a person's data (platform.md 14.6). */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit/',
    summary: 'The audit trail: every change, sign-in, sign-out, export, permission and second-factor change and erasure, newest first (filterable, orderable, CSV/XLSX export)',
    tags,
    access: { kind: 'permission', model: 'auditentry', action: 'read' },
    query: listQuerySchema,
    responses: { 200: paginated(auditEntrySchema) },
  }),
  getRetention: endpoint({
    method: 'GET',
    path: '/api/audit/retention/',
    summary: 'How many days each action kind of the audit trail is kept (null: forever); a nightly job removes older entries',
    tags,
    access: { kind: 'permission', model: 'auditentry', action: 'read' },
    responses: { 200: auditRetentionSchema },
  }),
  putRetention: endpoint({
    method: 'PUT',
    path: '/api/audit/retention/',
    summary: 'Set how many days each action kind is kept: every action named exactly once, days or null (forever)',
    tags,
    access: { kind: 'permission', model: 'auditentry', action: 'change' },
    body: auditRetentionSchema,
    responses: { 200: auditRetentionSchema },
  }),
  eraseUser: endpoint({
    method: 'POST',
    path: '/api/identity/users/{id}/erase/',
    summary:
      'Erase a person: anonymised everywhere ("Former user <n>", e-mail and phone removed, tickets and messages kept with the author anonymised, attachments removed, sign-ins ended); finance and payroll records stay. Not yourself, not the last administrator',
    tags: ['identity'],
    access: { kind: 'permission', model: 'user', action: 'delete' },
    params: userIdParams,
    stepUp: true,
    errors: [400],
    responses: { 200: eraseAnswerSchema },
  }),
  exportUser: endpoint({
    method: 'GET',
    path: '/api/identity/users/{id}/export/',
    summary: "Everything held about a person as a ZIP: one JSON file per kind plus the files they uploaded",
    tags: ['identity'],
    access: { kind: 'permission', model: 'user', action: 'change' },
    params: userIdParams,
    stepUp: true,
    produces: ['application/zip'],
    responses: { 200: null },
  }),
};
