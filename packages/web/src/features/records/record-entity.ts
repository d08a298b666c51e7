import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { EndpointRoute } from '../../api/http-client';
import type { ListColumn } from '../../shared/ui/list-page/list-columns';
import type { RelationOwner } from './components/ContactRelationsTab';
import type { OwnedEndpoints } from './components/OwnedRecordsTab';
import type { DetailTab, FieldListItem } from './components/RecordDetailFrame';
import type { FieldSpec } from './components/RecordFormDialog';
import type { ModelPermissions } from './permissions';

// Apart from RecordPages.tsx: a list page reads its entity without loading the record page (its tabs and actions).

type Values = Record<string, unknown>;

/** An entity's CRUD endpoints, as routes (`src/api/endpoint-routes.ts`): the permission model is read from them. */
export interface CrudEndpoints {
  list: EndpointRoute;
  get: EndpointRoute;
  create: EndpointRoute;
  patch: EndpointRoute;
  delete: EndpointRoute;
}

/** The contract's body schemas of an entity's create and edit calls: its forms validate with them. */
export interface FormSchemas {
  create: z.ZodType;
  patch: z.ZodType;
}

export interface Audited {
  created_at: string;
  updated_at: string;
  created_by?: { full_name: string } | null;
  updated_by?: { full_name: string } | null;
}

/** What a record page may build its tabs from: the standard tabs, ready made. */
export interface StandardTabs {
  details: DetailTab;
  addresses?: DetailTab;
  contacts?: DetailTab;
  relations?: DetailTab;
  history?: DetailTab;
}

export interface DetailContext {
  formatDate: (value: string) => string;
  /** A link to another record page, or nothing. */
  /** A related record's name linking to its page; withheld (name null, outside the allocation) as plain text. */
  link: (value: { id: string; name: string | null } | null | undefined, path: string) => ReactNode;
  /** "Created" and "Updated" with who, when the record says. */
  audit: (record: Audited) => FieldListItem[];
}

/**
 * One kind of business record: everything its list page, record page and
 * forms differ in. The rest (permissions, create/edit/delete, snackbars,
 * navigation, history) is the same for every record and lives here once.
 */
export interface RecordEntity<Row extends { id: string }> {
  endpoints: CrudEndpoints;
  /**
   * Loads the contract's form schemas (`formSchemasOf(...)` of the endpoint definitions, imported
   * dynamically): zod and the schemas load when a create or edit form opens, not with the list.
   */
  formSchemas: () => Promise<FormSchemas>;
  /** Query-key and default export name: `brands`. */
  entity: string;
  /** Lower-case singular noun: `brand`, `legal entity`. */
  noun: string;
  /** The noun on buttons, snackbars and the edit form when shorter (`role`). */
  shortNoun?: string;
  /** The list page's title (`Brands`) and its section (`Operations`). */
  title: string;
  section: string;
  /** The list's path: `/brands`. */
  path: string;
  pageKey: string;
  /** A record's page; `${path}/${id}` unless given. */
  recordPath?: (row: Row) => string;
  /** The route parameter holding the record key; `id` unless given. */
  routeParam?: string;
  /** Loads a record by its route key when that is not simply its id (legal entities by abbreviation). */
  load?: (key: string, signal: AbortSignal) => Promise<Row>;
  columns: ListColumn<Row>[];
  /** Form fields; `selfId` is the record being edited (a record cannot be its own parent). */
  fields: (selfId?: string) => FieldSpec[];
  /** Starting values of the create form beyond blanks. */
  defaults?: (context: { userId?: string }) => Values;
  /** Create forms of clients and legal entities take a first address and contacts. */
  nested?: { address?: boolean; contacts?: boolean };
  empty: { title: string; description: string };
  titleOf?: (row: Row) => string;
  subtitleOf?: (row: Row) => ReactNode;
  details: (row: Row, context: DetailContext) => FieldListItem[];
  history?: EndpointRoute;
  /** Addresses and contacts tabs: the owner's path parameter and endpoints. */
  owned?: { param: string; addresses: OwnedEndpoints; contacts: OwnedEndpoints };
  relations?: RelationOwner;
  /** The record page's tabs in order; details, addresses, contacts, relations, history unless given. */
  tabs?: (row: Row, standard: StandardTabs, context: { id: string; permissions: ModelPermissions }) => (DetailTab | undefined)[];
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const modelOf = (endpoint: EndpointRoute) => endpoint.model ?? '';
/** The create and edit body schemas of an entity's endpoint definitions. */
export function formSchemasOf(endpoints: { create: { body?: z.ZodType }; patch: { body?: z.ZodType } }): FormSchemas {
  const bodyOf = (endpoint: { body?: z.ZodType }) => {
    if (!endpoint.body) throw new Error('A record form needs an endpoint with a body schema.');
    return endpoint.body;
  };
  return { create: bodyOf(endpoints.create), patch: bodyOf(endpoints.patch) };
}
export const recordPathOf = <Row extends { id: string }>(config: RecordEntity<Row>, row: Row) =>
  config.recordPath?.(row) ?? `${config.path}/${row.id}`;
