import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { presenceEntrySchema, presenceSubjectSchema } from './presence.schemas';

const tags = ['presence'];
const authed = { kind: 'authenticated' } as const;
const path = '/api/presence/';

// The model's read permission is checked per request (the model is in the body or query).
export const presenceEndpoints = {
  announce: endpoint({
    method: 'POST',
    path,
    summary: "Announce (every 20 s) that the caller has this record's edit form open; answers the others editing it",
    tags,
    access: authed,
    body: presenceSubjectSchema,
    responses: { 200: z.array(presenceEntrySchema) },
    errors: [403],
  }),
  leave: endpoint({ method: 'DELETE', path, summary: "The caller closed this record's edit form", tags, access: authed, body: presenceSubjectSchema, responses: { 204: null }, errors: [403] }),
  list: endpoint({
    method: 'GET',
    path,
    summary: 'The others with this record\'s edit form open (also announced on the notification stream as event "presence")',
    tags,
    access: authed,
    query: presenceSubjectSchema,
    responses: { 200: z.array(presenceEntrySchema) },
    errors: [403],
  }),
};
