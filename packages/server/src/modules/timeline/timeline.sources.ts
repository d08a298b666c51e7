import { sql, type SQL } from 'drizzle-orm';
import type { TimelineKind } from '@ops/contract/timeline/timeline.schemas';
import { recordFieldLabels } from '@ops/contract/records/record-labels';

/** The record a timeline is read for: a cost centre, or a client with its cost centres. */
export interface TimelineSubject {
  /** 'client' or 'costcentre': the audit model of the subject itself. */
  model: 'client' | 'costcentre';
  id: string;
  /** The cost centres whose events belong to the subject (a cost centre: itself). */
  costCentreIds: string[];
  costCentreCodes: string[];
}

/**
 * One source of timeline entries, read newest first through its own index.
 * `at` is the entry's time column (a timestamp, or a date read as midnight
 * UTC), `id` the source row's key (uuid, or an integer compared as such);
 * the entry id is `${prefix}:${id}`, integers left-padded to 20 digits so
 * that text order equals numeric order.
 */
export interface TimelineSource {
  kind: TimelineKind;
  prefix: string;
  /** The read permission the caller needs (beyond opening the subject). */
  permission: string;
  at: { column: SQL; type: 'timestamp' | 'date' };
  id: { column: SQL; type: 'uuid' | 'integer' };
  from: SQL;
  where: SQL;
  title: SQL;
  summary: SQL;
  actor: SQL;
  link: SQL;
}

// Arrays travel as one JSON parameter: no separator can collide with a value, and an empty list is an empty array.
const uuids = (ids: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid[]`;
const texts = (values: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
/** Each audited model's field labels as its form shows them, as one JSON text (built once). */
const FIELD_LABELS = { client: JSON.stringify(recordFieldLabels('client')), costcentre: JSON.stringify(recordFieldLabels('costcentre')) };

/**
 * "Changed Account type, Relation status": an audit entry's changed fields under their form labels,
 * looked up in SQL in one label object bound once per query (no work per row outside the database).
 */
const changedFields = (model: keyof typeof FIELD_LABELS) =>
  sql`coalesce('Changed ' || (select string_agg(coalesce(${FIELD_LABELS[model]}::jsonb ->> k, k), ', ' order by k) from jsonb_object_keys(al.changes) k), '')`;

const money = (column: SQL) => sql`to_char(${column}, 'FM999,999,999,990.00')`;

/** The sources of a subject's timeline (spec platform §13.3). */
export function timelineSources(subject: TimelineSubject): TimelineSource[] {
  const ccIds = uuids(subject.costCentreIds);
  const codes = texts(subject.costCentreCodes);
  const sources: TimelineSource[] = [];
  const subjectLink = subject.model === 'client' ? `/clients/` : `/cost-center/`;

  // The subject's own audit trail.
  sources.push({
    kind: 'audit',
    prefix: 'a',
    permission: subject.model,
    at: { column: sql`al.at`, type: 'timestamp' },
    id: { column: sql`al.id`, type: 'uuid' },
    from: sql`audit_log al`,
    where: sql`al.model = ${subject.model} and al.record_id = ${subject.id}`,
    title: sql`${subject.model === 'client' ? 'Client ' : 'Cost centre '} || al.action || 'd'`,
    summary: changedFields(subject.model),
    actor: sql`al.user_id`,
    link: sql`${subjectLink} || al.record_id::text`,
  });
  if (subject.model === 'client' && subject.costCentreIds.length) {
    // A client's timeline includes its cost centres' audit trails.
    sources.push({
      kind: 'audit',
      prefix: 'a',
      permission: 'costcentre',
      at: { column: sql`al.at`, type: 'timestamp' },
      id: { column: sql`al.id`, type: 'uuid' },
      from: sql`audit_log al left join operations_cost_centre cc on cc.id = al.record_id`,
      where: sql`al.model = 'costcentre' and al.record_id = any(${ccIds})`,
      title: sql`'Cost centre ' || coalesce(cc.code || ' ', '') || al.action || 'd'`,
      summary: changedFields('costcentre'),
      actor: sql`al.user_id`,
      link: sql`'/cost-center/' || al.record_id::text`,
    });
  }

  // Tickets name their site (spec platform §13.1): a cost centre's are those on it, a client's those on it or its sites
  // (helpdesk_ticket_client_idx and helpdesk_ticket_cost_centre_idx serve both, newest first).
  const ticketsOfSubject =
    subject.model === 'client'
      ? sql`(t.client_id = ${subject.id} or t.cost_centre_id = any(${ccIds}))`
      : sql`t.cost_centre_id = any(${ccIds})`;
  sources.push({
    kind: 'ticket',
    prefix: 't',
    permission: 'ticket',
    at: { column: sql`t.created_at`, type: 'timestamp' },
    id: { column: sql`t.id`, type: 'uuid' },
    from: sql`helpdesk_ticket t`,
    where: ticketsOfSubject,
    title: sql`'#' || t.number || ' ' || t.title`,
    summary: sql`initcap(replace(t.ticket_type, '_', ' ')) || ' · ' || initcap(replace(t.ticket_status, '_', ' ')) || ' · ' || initcap(t.priority) || ' priority'`,
    actor: sql`t.requester_id`,
    link: sql`'/all-tickets/' || t.id::text`,
  });
  sources.push({
    kind: 'conversation',
    prefix: 'c',
    permission: 'ticket',
    at: { column: sql`m.created_at`, type: 'timestamp' },
    id: { column: sql`m.id`, type: 'uuid' },
    from: sql`helpdesk_conversation m join helpdesk_ticket t on t.id = m.ticket_id`,
    where: ticketsOfSubject,
    title: sql`'Reply on #' || t.number || ' ' || t.title`,
    summary: sql`left(coalesce((select string_agg(x #>> '{}', '') from jsonb_array_elements(jsonb_path_query_array(m.message, 'strict $.**.text')) x), ''), 200)`,
    actor: sql`m.sender_id`,
    link: sql`'/all-tickets/' || t.id::text`,
  });

  // Site check runs at the site (spec platform §14.1), at their due time once due: a run kept ahead
  // is not history yet (sitechecks_run_cost_centre_due_idx serves it, newest first).
  sources.push({
    kind: 'sitecheck',
    prefix: 'r',
    permission: 'sitecheckrun',
    at: { column: sql`r.due_at`, type: 'timestamp' },
    id: { column: sql`r.id`, type: 'uuid' },
    from: sql`sitechecks_run r join sitechecks_template st on st.id = r.template_id join operations_cost_centre cc on cc.id = r.cost_centre_id`,
    where: sql`r.cost_centre_id = any(${ccIds}) and r.due_at <= now()`,
    title: sql`'Site check ' || st.name || ' at ' || cc.name || ': ' || replace(r.status, '_', ' ')`,
    summary: sql`concat_ws(' · ', 'window ' || to_char(r.due_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' to ' || to_char(r.closes_at at time zone 'UTC', 'HH24:MI') || ' UTC',
      case when jsonb_array_length(r.failed_steps) > 0 then 'failed: ' || (select string_agg(f, ', ') from jsonb_array_elements_text(r.failed_steps) f) end,
      case when r.ticket_id is not null then 'ticket raised' end)`,
    actor: sql`r.completed_by_id`,
    link: sql`'/sitechecks/runs/' || r.id::text`,
  });

  // ERP (Dynamics) spend lines at the site, and the vendor invoices that have lines there.
  sources.push({
    kind: 'spend',
    prefix: 's',
    permission: 'vendspend',
    at: { column: sql`s.invoice_posting_date`, type: 'date' },
    id: { column: sql`s.id`, type: 'integer' },
    from: sql`dynamics_vend_spend s join operations_cost_centre cc on cc.code = s.site_id`,
    where: sql`s.site_id = any(${codes})`,
    title: sql`'Spend ' || coalesce(nullif(s.category_description, ''), s.main_account, 'line') || ' · $' || ${money(sql`s.invoice_amount_incl_gst`)}`,
    summary: sql`concat_ws(' · ', s.company_name, 'invoice ' || s.invoice_id, s.sub_category_desc, s.site_desc)`,
    actor: sql`null::uuid`,
    link: sql`'/cost-center/' || cc.id::text`,
  });
  sources.push({
    kind: 'invoice',
    prefix: 'd',
    permission: 'vendinvoicejour',
    at: { column: sql`j.invoice_date`, type: 'date' },
    id: { column: sql`j.id`, type: 'integer' },
    from: sql`dynamics_vend_invoice_jour j`,
    where: sql`exists (select 1 from dynamics_vend_spend s where s.data_area_id = j.data_area_id
      and s.invoice_account = j.invoice_account and s.invoice_id = j.invoice_id and s.site_id = any(${codes}))`,
    title: sql`'ERP invoice ' || j.invoice_id || coalesce(' · ' || j.vendor_name, '')`,
    summary: sql`concat_ws(' · ', '$' || ${money(sql`j.invoice_amount`)} || coalesce(' ' || j.currency_code, ''), 'due ' || j.due_date::text, j.description)`,
    actor: sql`null::uuid`,
    link: sql`${subjectLink} || ${subject.id}::text`,
  });
  // Purchasing-portal (BuyLink) invoices of the site.
  sources.push({
    kind: 'invoice',
    prefix: 'b',
    permission: 'invoiceheader',
    at: { column: sql`h.invoice_date`, type: 'date' },
    id: { column: sql`h.id`, type: 'integer' },
    from: sql`buylink_invoice_header h join operations_cost_centre cc on cc.code = h.cost_centre_code`,
    where: sql`h.cost_centre_code = any(${codes})`,
    title: sql`case when h.type = 'CR' then 'Credit note ' else 'Invoice ' end || h.invoice_number || coalesce(' · ' || h.supplier_name, '')`,
    summary: sql`concat_ws(' · ', '$' || ${money(sql`h.total_amount_inc_tax`)}, initcap(replace(h.status, '_', ' ')), 'PO ' || h.po_number)`,
    actor: sql`null::uuid`,
    link: sql`'/cost-center/' || cc.id::text`,
  });
  // Payroll (ADP): people starting at and leaving the site.
  const employeeSummary = sql`concat_ws(' · ', e.position_title, e.emp_category, 'employee ' || e.emp_code)`;
  sources.push({
    kind: 'employee',
    prefix: 'e',
    permission: 'employee',
    at: { column: sql`e.start_date`, type: 'date' },
    id: { column: sql`e.id`, type: 'uuid' },
    from: sql`adp_employee e`,
    where: sql`e.cost_centre_code = any(${codes})`,
    title: sql`e.employee_name || ' started'`,
    summary: employeeSummary,
    actor: sql`null::uuid`,
    link: sql`'/directory/all-staff/' || e.id::text`,
  });
  sources.push({
    kind: 'employee',
    prefix: 'l',
    permission: 'employee',
    at: { column: sql`e.termination_date`, type: 'date' },
    id: { column: sql`e.id`, type: 'uuid' },
    from: sql`adp_employee e`,
    where: sql`e.cost_centre_code = any(${codes})`,
    title: sql`e.employee_name || ' left'`,
    summary: employeeSummary,
    actor: sql`null::uuid`,
    link: sql`'/directory/all-staff/' || e.id::text`,
  });
  return sources;
}
