import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type PermissionAction = 'read' | 'add' | 'change' | 'delete';

/**
 * Who may call an endpoint. The authorization matrix test and the server's
 * guard both read this, so an endpoint's access rule is written once.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'optional' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; model: string; action: PermissionAction };

export interface EndpointDefinition {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body schema; multipart endpoints set `multipart` and describe fields here. */
  body?: z.ZodType;
  multipart?: boolean;
  /** A smaller body limit than the server-wide one (413 above it). */
  maxBodyBytes?: number;
  /** A long-lived response (Server-Sent Events): the success answer never ends by itself. */
  streaming?: boolean;
  /** A 302 answer is a redirect (sign-in with an identity provider); its Location is the answer. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 302, z.ZodType | null>>;
  /**
   * Error statuses beyond those the access rule, params and method imply (a
   * login's 429, a session login's CSRF 403, a 404 of a path without ids).
   */
  errors?: readonly ErrorStatus[];
  /**
   * Conditional requests (platform.md 14.6, RFC 9110 section 13): a GET answers the record's strong
   * `ETag`; a PUT, PATCH or DELETE takes `If-Match` (entity tags or `*`) and answers 412 with the
   * record as it is now (`{detail, current}`) when the tag no longer matches, and its new `ETag`.
   * An action on a record at a path of its own (a POST such as restoring a version) names the path of
   * that record's detail GET instead (`{ detail: '/api/.../{id}/' }`): it takes If-Match against the
   * record's tag and answers that record's 412 and new ETag.
   */
  versioned?: boolean | { detail: string };
  /**
   * A sensitive action (spec platform §14.5): without a password or second-factor check within
   * STEP_UP_SECONDS it answers 403 `{"detail": "Confirm it is you.", "code": "step_up_required"}`.
   * `'export'`: only its CSV and XLSX exports (`format=csv|xlsx`) are sensitive (payroll lists).
   */
  stepUp?: true | 'export';
  /**
   * The OpenAPI operationId, where the derived one (path without ids, then the action) would name
   * another operation too: a collection-level action beside the same action on one record.
   */
  operationId?: string;
  /** Media types of the success body besides (or, for a `null` response, instead of) JSON: a PNG, a file, a stream. */
  produces?: readonly string[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

/** The read/add/change/delete action a plain CRUD method needs. */
export function actionForMethod(method: HttpMethod): PermissionAction {
  switch (method) {
    case 'GET':
      return 'read';
    case 'POST':
      return 'add';
    case 'PUT':
    case 'PATCH':
      return 'change';
    case 'DELETE':
      return 'delete';
  }
}
