import { z } from 'zod';
import { endpoint } from '../common/endpoint';

/** An error the web app caught (window error, unhandled promise rejection, or one its code handled and reported), as it reports it. */
export const clientErrorSchema = z.strictObject({
  kind: z.enum(['error', 'unhandledrejection', 'reported']),
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  /** Script URL and position of a window error. */
  source: z.string().max(2000).optional(),
  line: z.number().int().min(0).max(10_000_000).optional(),
  column: z.number().int().min(0).max(10_000_000).optional(),
  /** The page (path) where it happened. */
  page: z.string().max(2000),
  /** The web app's build, when known. */
  release: z.string().max(100).optional(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

/** Whole request bodies above this answer 413. */
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;

export const telemetryEndpoints = {
  clientErrors: endpoint({
    method: 'POST',
    path: '/api/client-errors/',
    summary:
      'Report an error the web app caught (signed in or not); logged and forwarded to the error tracker. Rate limited per address',
    tags: ['telemetry'],
    access: { kind: 'optional' },
    body: clientErrorSchema,
    maxBodyBytes: CLIENT_ERROR_MAX_BYTES,
    errors: [429],
    responses: { 204: null },
  }),
};
