import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import { insertUser, type TestUser } from './factories/users';
import { softwareAuthenticator } from './factories/webauthn';
import { insertTicket, multipart, raiseTicket, richText, SAMPLE_FILES } from './factories/helpdesk';
import { seedIntegrationRows } from './factories/integrations';
import {
  allocate,
  buildAddress,
  insertBrand,
  insertClient,
  insertContactPerson,
  insertCostCentre,
  insertIndustry,
  insertLegalEntity,
  insertRole,
  insertSubIndustry,
} from './factories/records';

/**
 * Records the contract test addresses (src/contract.test.ts): one of each kind, so every operation
 * with ids in its path has a real record to act on, and the references a generated body's uuid
 * fields name (by field name, `<path area>:<field>` where two areas differ, or `<path>:<field>`).
 */
export interface ContractSeed {
  references: Record<string, string>;
  /** Ids of path parameters whose collection cannot be listed (`{conversation_id}`), by path prefix and name. */
  pathIds: { prefix: string; name: string; id: string }[];
}

export async function seedContractRecords(t: TestApp, admin: TestUser): Promise<ContractSeed> {
  const token = admin.token;
  const legalEntity = await insertLegalEntity(t, token);
  const client = await insertClient(t, token, { owner: admin.id, legal_entity: legalEntity.id });
  const costCentre = await insertCostCentre(t, token, { client: client.id, legal_entity: legalEntity.id });
  const contactPerson = await insertContactPerson(t, token, { company: client.id });
  const brand = await insertBrand(t, token);
  const industry = await insertIndustry(t, token);
  const subIndustry = await insertSubIndustry(t, token, industry.id);
  const accountsRole = await insertRole(t, token, 'accounts');
  const operationsRole = await insertRole(t, token, 'operations');
  const post = async (url: string, payload: unknown, headers?: Record<string, string>) => {
    const response = await t.request({ method: 'POST', url, token, payload: payload as never, headers });
    if (response.statusCode >= 300) throw new Error(`seeding ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string };
  };
  const team = await post('/api/helpdesk/teams/', { name: 'Contract team' });
  const articleCategory = await post('/api/knowledge/categories/', { name: 'Contract category' });
  const article = await post('/api/knowledge/articles/', { title: 'Contract article', body: richText('Contract text.'), status: 'PUBLISHED', category: articleCategory.id });
  // An image of the article (its attachments are not listed: the article and image ids are given).
  const imageForm = multipart({}, [{ field: 'attachment', filename: 'diagram.png', content: SAMPLE_FILES.png(), contentType: 'image/png' }]);
  const articleImage = await post(`/api/knowledge/articles/${article.id}/attachments/`, imageForm.payload, imageForm.headers);
  for (const parent of [`/api/accounts/clients/${client.id}`, `/api/accounts/contact-persons/${contactPerson.id}`, `/api/base/legal-entities/${legalEntity.id}`, `/api/operations/cost-centres/${costCentre.id}`]) {
    await post(`${parent}/contacts/`, { contact_type: 'EMAIL', contact_detail: 'someone@example.com' });
    await post(`${parent}/addresses/`, buildAddress());
  }
  // A passkey of the admin (a software authenticator): passkeys are not listed on a path of their own.
  const { origins, rpId } = t.config.webauthn;
  const creation = (await post('/api/identity/mfa/passkeys/options/', {})) as unknown as { challenge: string };
  const passkey = await post('/api/identity/mfa/passkeys/', { name: 'Contract key', response: softwareAuthenticator().register(creation, origins[0]!, rpId) });
  // Contact relations cannot be listed on their own: their ids are given.
  const clientRelation = await post('/api/accounts/contact-relations/', { client: client.id, contact_person: contactPerson.id });
  const siteRelation = await post('/api/operations/contact-relations/', { cost_centre: costCentre.id, contact_person: admin.id });
  // A generated policy's business hours are mostly refused (each interval ends after it starts): one that holds.
  const everyDay = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['00:00', '24:00']]]));
  await post('/api/helpdesk/sla-policies/', { name: 'Contract policy', position: 10, first_response_minutes: 60, resolution_minutes: 240, business_hours: { timezone: 'Australia/Sydney', days: everyDay } });
  await allocate(t, admin.id, { clientId: client.id });
  // Notifications: a watch and a push subscription of the caller (their DELETEs walk real ids).
  await post('/api/notifications/watches/', { model: 'client', id: client.id });
  await post('/api/notifications/push/subscriptions/', {
    endpoint: 'https://push.example/contract-seed',
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  });

  // Help desk: a staff ticket and one the caller raised, each with a message and files on both.
  const upload = (url: string) => {
    const body = multipart({}, [{ field: 'attachment', filename: 'note.txt', content: SAMPLE_FILES.txt(), contentType: 'text/plain' }]);
    return post(url, body.payload, body.headers);
  };
  const ticket = await insertTicket(t, admin, { assignee: admin.id });
  const conversation = await post(`/api/helpdesk/tickets/${ticket.id}/conversations/`, { message: richText('A reply.') });
  await upload(`/api/helpdesk/tickets/${ticket.id}/attachments/`);
  await upload(`/api/helpdesk/tickets/conversations/${conversation.id}/attachments/`);
  const myTicket = await raiseTicket(t, admin);
  const myConversation = await post(`/api/helpdesk/my-tickets/${myTicket}/conversations/`, { message: richText('More detail.') });
  await upload(`/api/helpdesk/my-tickets/${myTicket}/attachments/`);
  await upload(`/api/helpdesk/my-tickets/conversations/${myConversation.id}/attachments/`);

  // A notification for the caller: a colleague assigns them a ticket (one's own acts notify no one).
  const colleague = await insertUser(t, { superuser: true });
  await insertTicket(t, colleague, { assignee: admin.id });

  // Jobs and imports: a bulk change and an uploaded file.
  await post('/api/bulk/brands/', { ids: [brand.id], changes: { name: `Brand ${randomUUID().slice(0, 8)}` } });
  const file = multipart({ resource: 'brands' }, [{ field: 'file', filename: 'brands.csv', content: Buffer.from(`name\nImported ${randomUUID().slice(0, 8)}\n`), contentType: 'text/csv' }]);
  // Uploads cannot be listed: their id is given to the import's dry run and run.
  const importFile = await post('/api/imports/', file.payload, file.headers);
  const integration = await seedIntegrationRows(t);

  // Site checks: a template, a schedule at the site (its runs of the next day exist) and an ad-hoc
  // run with a photo (photos are not listed on a path of their own: the run and photo ids are given).
  const checkTemplate = await post('/api/sitechecks/templates/', {
    name: 'Contract check',
    steps: [
      { key: 'ok', label: 'All fine', kind: 'CHECK', required: false },
      { key: 'photo', label: 'Photo', kind: 'PHOTO', required: false },
    ],
  });
  await post('/api/sitechecks/schedules/', { template: checkTemplate.id, cost_centre: costCentre.id, rrule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0', assignees: [admin.id] });
  const checkRun = await post('/api/sitechecks/runs/', { template: checkTemplate.id, cost_centre: costCentre.id });
  const photoForm = multipart({ key: 'photo' }, [{ field: 'file', filename: 'photo.png', content: SAMPLE_FILES.png() }]);
  const answered = (await t.request({ method: 'POST', url: `/api/sitechecks/runs/${checkRun.id}/answers/`, token, payload: photoForm.payload, headers: photoForm.headers })).json() as {
    answers: { photo: string | null }[];
  };
  const checkPhoto = answered.answers.find((a) => a.photo)!.photo!;
  // Automations (spec platform §14.3): a webhook (a public address: the guard refuses others) with
  // one delivery, settled so nothing is sent, and a rule calling it.
  const webhook = await post('/api/automations/webhooks/', { name: 'Contract hook', url: 'https://93.184.215.14/hook', events: [] });
  const [delivery] = await t.database.query<{ id: string }>(
    `insert into automation_webhook_delivery (id, webhook_id, message_id, event, payload, status, attempt, at, status_code)
     values (gen_random_uuid(), $1, 'msg_contract', 'ticket.created', '{}'::jsonb, 'SUCCEEDED', 1, now(), 200) returning id`,
    [webhook.id],
  );
  await post('/api/automations/rules/', {
    name: 'Contract rule',
    trigger: { event: 'ticket.created', model: null, cron: null, timezone: null },
    conditions: {},
    actions: [{ type: 'webhook', webhook: webhook.id }],
  });

  return {
    references: {
      owner: admin.id,
      requester: admin.id,
      assignee: admin.id,
      recipient: admin.id,
      copy: admin.id,
      members: admin.id,
      user: admin.id,
      franchisor: client.id,
      legal_entity: legalEntity.id,
      client: client.id,
      company: client.id,
      master_record: client.id,
      parent: client.id,
      // A bulk change names records of its own resource: a random or another kind's id names nothing.
      '/api/bulk/clients/:ids': client.id,
      '/api/bulk/contact-persons/:ids': contactPerson.id,
      '/api/bulk/cost-centres/:ids': costCentre.id,
      '/api/bulk/brands/:ids': brand.id,
      '/api/bulk/tickets/:ids': ticket.id,
      // Cost centres' contact persons are users.
      'operations:contact_person': admin.id,
      cost_centre: costCentre.id,
      contact_person: contactPerson.id,
      reports_to: contactPerson.id,
      brand: brand.id,
      industry: industry.id,
      sub_industry: subIndustry.id,
      team: team.id,
      'sitechecks:template': checkTemplate.id,
      assignees: admin.id,
      'accounts:role': accountsRole.id,
      'operations:role': operationsRole.id,
      // An article's category and the places of its audience.
      'knowledge:category': articleCategory.id,
      'knowledge:legal_entities': legalEntity.id,
      'knowledge:clients': client.id,
      'knowledge:cost_centres': costCentre.id,
      webhook: webhook.id,
    },
    pathIds: [
      { prefix: '/api/identity/mfa/passkeys/', name: 'id', id: passkey.id },
      // The parents whose contacts and addresses were seeded: the first row of a list may be a
      // record the walk's own POST created, with none (its nested ids then name nothing).
      { prefix: '/api/accounts/clients/', name: 'client_id', id: client.id },
      { prefix: '/api/accounts/contact-persons/', name: 'contact_person_id', id: contactPerson.id },
      { prefix: '/api/base/legal-entities/', name: 'legal_entity_id', id: legalEntity.id },
      { prefix: '/api/operations/cost-centres/', name: 'cost_centre_id', id: costCentre.id },
      { prefix: '/api/base/industries/', name: 'industry_id', id: industry.id },
      { prefix: '/api/helpdesk/my-tickets/', name: 'ticket_id', id: myTicket },
      { prefix: '/api/helpdesk/my-tickets/', name: 'conversation_id', id: myConversation.id },
      { prefix: '/api/helpdesk/tickets/', name: 'ticket_id', id: ticket.id },
      { prefix: '/api/helpdesk/tickets/', name: 'conversation_id', id: conversation.id },
      { prefix: '/api/dynamics/', name: 'invoice_id', id: integration.journal },
      { prefix: '/api/google-sync/', name: 'group_id', id: integration.group },
      { prefix: '/api/imports/', name: 'id', id: importFile.id },
      { prefix: '/api/accounts/contact-relations/', name: 'id', id: clientRelation.id },
      { prefix: '/api/operations/contact-relations/', name: 'id', id: siteRelation.id },
      // Cost centres' contact persons are users; a scanned report site is a cost centre.
      { prefix: '/api/operations/contact-persons/', name: 'id', id: admin.id },
      { prefix: '/api/helpdesk/report-sites/', name: 'id', id: costCentre.id },
      { prefix: '/api/sitechecks/runs/', name: 'id', id: checkRun.id },
      { prefix: '/api/sitechecks/runs/', name: 'photo', id: checkPhoto },
      // Every article has its version 1.
      { prefix: '/api/knowledge/articles/', name: 'version', id: '1' },
      { prefix: '/api/knowledge/articles/', name: 'article_id', id: article.id },
      { prefix: `/api/knowledge/articles/${article.id}/attachments/`, name: 'id', id: articleImage.id },
      // Every rule has its version 1; a webhook's delivery belongs to it.
      { prefix: '/api/automations/rules/', name: 'version', id: '1' },
      { prefix: '/api/automations/webhooks/', name: 'id', id: webhook.id },
      { prefix: '/api/automations/webhooks/', name: 'delivery', id: delivery!.id },
    ],
  };
}
