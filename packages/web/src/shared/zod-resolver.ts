import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { importWithRetry } from './chunk-load';

/**
 * A react-hook-form resolver over a contract zod schema, so forms check exactly what the API checks.
 * The schema may be given as a loader (`() => import(...).then(...)`): a form on a page's first paint
 * then loads zod and the schema when it first validates (on submit), not with the page. With
 * `preload` (a dialog, created as it opens) the loading starts at once, so a save made after the
 * connection dropped does not depend on code it has yet to fetch.
 */
export function zodResolver<T extends FieldValues>(schema: z.ZodType | (() => Promise<z.ZodType>), options: { preload?: boolean } = {}): Resolver<T> {
  let loading: Promise<z.ZodType> | undefined;
  const load = (loader: () => Promise<z.ZodType>) =>
    (loading ??= importWithRetry(loader).catch((error: unknown) => {
      loading = undefined; // a failed load is tried again on the next submit
      throw error;
    }));
  // A failed preload is not an error yet: the submit tries again and reports it.
  if (options.preload && typeof schema === 'function') load(schema).catch(() => undefined);
  return async (values) => {
    const resolved = typeof schema === 'function' ? await load(schema) : schema;
    const result = await resolved.safeParseAsync(values);
    if (result.success) return { values: values as T, errors: {} };
    // Nested like the form's values, so `address.country` and `contacts.1.contact_type` find their messages.
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length ? issue.path.map(String) : ['root'];
      let node = errors;
      for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      const leaf = path[path.length - 1]!;
      if (!node[leaf]) node[leaf] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** Field messages of a DRF-shaped 400 body, for setError. */
export function fieldErrorsOf(body: unknown): [string, string][] {
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([field, value]) =>
    Array.isArray(value) && typeof value[0] === 'string' ? [[field, value[0] as string] as [string, string]] : [],
  );
}
