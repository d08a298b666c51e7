import { sql } from 'drizzle-orm';
import type { DemoSeeder, SeedContext } from '../../platform/demo-seeder';
import { rowsOf } from '../../list-query/list-page';
import { writeAudits } from '../../platform/audit';
import { allocationWriterFor, type ManualAllocation } from '../records/index';
import { deriveAllocations } from '../allocations/index';
import { ensureUser, identityFor } from '../identity/index';

/** The demo site whose timeline is full: the first site of the site user (site.user@demo.example). */
export const DEMO_TIMELINE_SITES = ['CC00001', 'CC00002', 'CC00003'];

const SUPPLIERS = [
  'Fresh Foods Co',
  'Bidfood',
  'PFD Food Services',
  'Coca-Cola Europacific',
  'Lion Dairy',
  'Sealed Air',
  'Bunzl',
];
const CATEGORIES = ['Produce', 'Meat', 'Dairy', 'Dry goods', 'Beverages', 'Cleaning', 'Packaging'];

/**
 * Timeline and allocation demo data (issue 16): ERP spends and invoices, purchasing-portal invoices,
 * payroll starts and departures and record changes at three demo sites, people whose payroll or
 * directory cost centre derives their allocation, and a manual allocation that drifts from them.
 */
export async function seedSitesDemo({ database }: SeedContext): Promise<void> {
  const { db } = database;
  const sites = rowsOf<{ id: string; code: string; client_id: string }>(
    await db.execute(
      sql`select id, code, client_id from operations_cost_centre where code = any(string_to_array(${DEMO_TIMELINE_SITES.join(',')}, ',')) order by code`,
    ),
  );
  if (!sites.length) return;
  const users = rowsOf<{ id: string; email: string }>(
    await db.execute(
      sql`select id, email from auth_user where email in ('admin.user@demo.example', 'ops.user@demo.example', 'corporate.user@demo.example')`,
    ),
  );
  const admin = users.find((u) => u.email === 'admin.user@demo.example')?.id ?? null;
  const ops = users.find((u) => u.email === 'ops.user@demo.example')?.id ?? admin;
  await db.transaction(async (tx) => {
    for (const [index, site] of sites.entries()) {
      const base = 9_100_000 + index * 10_000;
      const lines = index === 0 ? 80 : 20;
      // ERP spend lines (three to an invoice), newest within the last 18 months, and their invoice journals.
      await tx.execute(sql`insert into dynamics_vend_spend (id, data_area_id, invoice_account, invoice_id, company_name, period,
          invoice_posting_date, site_id, site_desc, main_account, vend_locally_owned, category_description, sub_category_desc,
          invoice_amount_incl_gst, journal_num, line_num)
        select ${base} + n, 'CCG', 'V' || lpad(((n / 3) % 7)::text, 4, '0'), ${site.code} || '-INV-' || (n / 3),
          (string_to_array(${SUPPLIERS.join('|')}, '|'))[1 + (n / 3) % 7], to_char(current_date - (n / 3) * 7, 'YYYY-MM'),
          current_date - (n / 3) * 7, ${site.code}, 'Demo site', '51' || lpad((n % 5)::text, 2, '0'), n % 4 = 0,
          (string_to_array(${CATEGORIES.join('|')}, '|'))[1 + n % 7], 'Weekly order', round((40 + (n * 37) % 900)::numeric, 2),
          'J' || (n / 3), 1 + n % 3
        from generate_series(0, ${lines - 1}) n on conflict do nothing`);
      await tx.execute(sql`insert into dynamics_vend_invoice_jour (id, invoice_account, vendor_name, invoice_id, invoice_date,
          invoice_amount, invoice_amount_mst, sales_balance, sum_line_disc, sum_tax, currency_code, data_area_id, cash_disc, qty,
          due_date, description)
        select ${base} + 5000 + k, 'V' || lpad((k % 7)::text, 4, '0'), (string_to_array(${SUPPLIERS.join('|')}, '|'))[1 + k % 7],
          ${site.code} || '-INV-' || k, current_date - k * 7 - 2, round((150 + (k * 113) % 2400)::numeric, 2),
          round((150 + (k * 113) % 2400)::numeric, 2), 0, 0, round(((150 + (k * 113) % 2400) / 11.0)::numeric, 2), 'AUD', 'CCG', 0, 1,
          current_date - k * 7 + 28, 'Weekly supplies'
        from generate_series(0, ${Math.ceil(lines / 3) - 1}) k on conflict do nothing`);
      // Purchasing-portal invoices.
      await tx.execute(sql`insert into buylink_invoice_header (id, type, invoice_date, invoice_number, po_number, cost_centre_code,
          supplier_name, total_amount_inc_tax, total_gst, freight_gst, freight_fee_inc_tax, status)
        select ${base} + 8000 + n, case when n % 9 = 8 then 'CR' else 'IN' end, current_date - n * 11 - 1, 'BL-' || ${site.code} || '-' || lpad(n::text, 4, '0'),
          'PO' || (70000 + n), ${site.code}, (string_to_array(${SUPPLIERS.join('|')}, '|'))[1 + (n + 3) % 7],
          round((60 + (n * 71) % 1500)::numeric, 2), round(((60 + (n * 71) % 1500) / 11.0)::numeric, 2), 0, 0,
          (array['PENDING', 'RECEIPTED', 'APPROVED', 'EXPORTED'])[1 + n % 4]
        from generate_series(0, ${index === 0 ? 30 : 8}) n on conflict do nothing`);
      // Payroll: people who started at the site, two of whom have left.
      await tx.execute(sql`insert into adp_employee (id, emp_code, comp_id, location, emp_category, employee_name, state, first_name,
          last_name, email, start_date, termination_date, status, cost_centre_code)
        select ('0190d6a0-0000-7000-8' || lpad(${index}::text, 3, '0') || '-' || lpad(n::text, 12, '0'))::uuid, 'D' || ${index} || lpad(n::text, 4, '0'), 'CCG', 'Demo site',
          (array['Full Time', 'Part Time', 'Casual'])[1 + n % 3],
          (array['Ava', 'Liam', 'Zoe', 'Ethan', 'Ruby', 'Mason', 'Chloe', 'Harper'])[1 + n % 8] || ' ' || (array['Patel', 'Walker', 'Hughes', 'Lee', 'Ryan', 'Scott'])[1 + (n + ${index}) % 6],
          'NSW', null, null, null, current_date - 30 - n * 47, case when n % 4 = 3 then current_date - 5 - n * 9 end,
          case when n % 4 = 3 then 'Terminated' else 'Active' end, ${site.code}
        from generate_series(0, ${index === 0 ? 11 : 3}) n on conflict do nothing`);
    }
    // Record changes by people, so the audit part of the timeline is not only the creation.
    const [first] = sites;
    const changes = [
      {
        model: 'costcentre',
        recordId: first!.id,
        before: { operation_status: 'MOBILISING' },
        after: { operation_status: 'OPERATING' },
        by: ops,
        daysAgo: 300,
      },
      {
        model: 'costcentre',
        recordId: first!.id,
        before: { notes: '' },
        after: { notes: 'Kitchen refit booked for the school holidays.' },
        by: admin,
        daysAgo: 45,
      },
      {
        model: 'costcentre',
        recordId: first!.id,
        before: { email: 'site1@saltbush.example' },
        after: { email: 'kitchen.site1@saltbush.example' },
        by: ops,
        daysAgo: 12,
      },
      {
        model: 'client',
        recordId: first!.client_id,
        before: { relation_status: 'PROSPECT' },
        after: { relation_status: 'ACTIVE' },
        by: admin,
        daysAgo: 400,
      },
    ];
    await writeAudits(
      tx,
      changes.map((c) => ({
        model: c.model,
        recordId: c.recordId,
        action: 'update' as const,
        userId: c.by,
        before: c.before,
        after: c.after,
      })),
    );
    for (const c of changes) {
      await tx.execute(sql`update audit_log set at = now() - make_interval(days => ${c.daysAgo}) + interval '9 hours'
        where id = (select id from audit_log where model = ${c.model} and record_id = ${c.recordId} and action = 'update' order by at desc limit 1)`);
    }
  });

  // People matched by e-mail to the payroll and the directory: the syncs' derivation gives them their sites.
  const identity = identityFor(database);
  const payrollPeople = rowsOf<{ email: string; first_name: string | null; last_name: string | null; employee_name: string }>(
    await db.execute(sql`select email, first_name, last_name, employee_name from adp_employee
      where status = 'Active' and email is not null and cost_centre_code = any(string_to_array(${DEMO_TIMELINE_SITES.join(',')}, ',')) order by emp_code limit 3`),
  );
  const people: string[] = [];
  for (const person of payrollPeople) {
    const [firstName, ...rest] = person.employee_name.split(' ');
    people.push(
      await ensureUser(identity, {
        email: person.email.toLowerCase(),
        firstName: person.first_name ?? firstName ?? '',
        lastName: person.last_name ?? rest.join(' '),
        userType: 5,
      }),
    );
  }
  const directory = rowsOf<{ id: string; primary_email: string; given_name: string; family_name: string }>(
    await db.execute(
      sql`select id, primary_email, given_name, family_name from google_directory_user where user_kind = 'site' order by id limit 2`,
    ),
  );
  for (const [index, person] of directory.entries()) {
    await db.execute(
      sql`update google_directory_user set cost_centre = ${DEMO_TIMELINE_SITES[index === 0 ? 0 : 2]!} where id = ${person.id}`,
    );
    people.push(
      await ensureUser(identity, {
        email: person.primary_email,
        firstName: person.given_name,
        lastName: person.family_name,
        userType: 5,
      }),
    );
  }
  await db.transaction(async (tx) => {
    await deriveAllocations(tx, 'PAYROLL');
    await deriveAllocations(tx, 'DIRECTORY');
    // A manual allocation the syncs do not confirm (the drift report shows it), and one that covers a derived site.
    const manual: ManualAllocation[] = [];
    if (people[0]) manual.push({ userId: people[0], costCentreId: sites[sites.length - 1]!.id });
    if (people[1]) manual.push({ userId: people[1], clientId: sites[0]!.client_id });
    await allocationWriterFor(tx).addManual(manual, admin);
  });
}

export const sitesDemoSeeder: DemoSeeder = {
  key: 'sites',
  name: 'sites (timeline sources, derived allocations)',
  run: seedSitesDemo,
};
