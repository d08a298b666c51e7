/**
 * An answer already written as JSON text (a list page written straight from its rows,
 * list-query/list-rows.ts): route() sends the text as it is, with the content type Fastify gives a
 * serialised object, instead of serialising again. `T` is the shape the text holds.
 */
export class SerializedJson<T = unknown> {
  constructor(readonly json: string) {}

  /** The answer as a value (for the rare caller that reads into a page rather than sending it). */
  value(): T {
    return JSON.parse(this.json) as T;
  }
}

/** The content type Fastify sends with a serialised object. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
