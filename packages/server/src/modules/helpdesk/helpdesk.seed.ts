import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../platform/passwords';
import type { TicketPriority, TicketStatus, TicketType } from '@ops/contract/helpdesk/helpdesk.schemas';
import { identityServiceFor } from '../identity/index';
import { uuidv7 } from '../../db/ids';
import type { DemoSeeder, SeedContext } from '../../platform/demo-seeder';
import { createNotificationsRepository } from '../notifications/index';
import { createRandom } from '../../platform/demo-random';
import { createHelpdeskRepository } from './helpdesk.repository';

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

type Sample = { type: TicketType; title: string; body: string; replies: string[] };

export const SAMPLES: Sample[] = [
  {
    type: 'ISSUE',
    title: 'Combi oven in main kitchen shows error E34',
    body: 'The Rational combi oven stopped mid-cycle with E34. Lunch service starts at 11:30.',
    replies: ['Technician booked for 10:00 tomorrow; please use oven 2 meanwhile.', 'Oven 2 is fine for today, thanks.'],
  },
  {
    type: 'ISSUE',
    title: 'Walk-in cool room temperature alarm',
    body: 'Cool room reading 7C since 6am. Stock moved to reach-in fridges.',
    replies: ['Door seal was damaged; replacement fitted.', 'Temperature back to 3C at 2pm.'],
  },
  {
    type: 'SERVICE_REQUEST',
    title: 'New starter needs POS login at Riverside Café',
    body: 'Jordan starts Monday as barista. Please create a POS login and roster access.',
    replies: ['Login created, details sent to the site manager.'],
  },
  {
    type: 'FEEDBACK',
    title: 'Residents love the new autumn menu',
    body: 'Several residents asked for the pumpkin soup to stay on the menu.',
    replies: ['Thanks! Passed on to the menu team.'],
  },
  {
    type: 'INCIDENT',
    title: 'Allergen label missing on sandwich batch',
    body: 'A batch of chicken sandwiches went out without allergen labels. Batch withdrawn at 9:40.',
    replies: [
      'Incident logged with food safety. Label printer config fixed.',
      'Please send the batch number for the record.',
      'Batch 2291-B.',
    ],
  },
  {
    type: 'PROBLEM',
    title: "Recurring dishwasher breakdowns at St Mary's",
    body: 'Third breakdown this month, always the rinse pump.',
    replies: ['Raised with the supplier under warranty; they will replace the pump assembly.'],
  },
  {
    type: 'ALERTS',
    title: 'Power outage planned at Northside depot',
    body: 'Grid maintenance Saturday 6am to 10am. Freezers need a plan.',
    replies: ['Generator hire confirmed for Saturday.'],
  },
  {
    type: 'SERVICE_REQUEST',
    title: 'Order extra trolleys for ward 4 meal service',
    body: 'We need two more heated trolleys for the new ward layout.',
    replies: ['Quote received, awaiting approval.', 'Approved, delivery in two weeks.'],
  },
  {
    type: 'ISSUE',
    title: 'Tablet ordering app freezes on checkout',
    body: "Residents' family members report the app freezes when paying for guest meals.",
    replies: ['Reproduced on Android 12; a fix is in testing.'],
  },
  {
    type: 'FEEDBACK',
    title: 'Portion sizes too small at lunch',
    body: 'Staff at the corporate site say the hot lunch portions shrank.',
    replies: ['We checked the spec: portions are unchanged but the plates are bigger. We will review.'],
  },
  {
    type: 'SERVICE_REQUEST',
    title: 'Access to the supplier portal for the new chef',
    body: 'Please give Chef Priya access to the purchasing portal for site 118.',
    replies: [],
  },
  {
    type: 'INCIDENT',
    title: 'Minor burn during breakfast service',
    body: 'A kitchen hand burned a hand on the bain-marie. First aid given, no lost time.',
    replies: ['Report filed. Please review the bain-marie handling procedure at the next toolbox talk.'],
  },
  {
    type: 'ISSUE',
    title: 'Invoice from produce supplier shows wrong cost centre',
    body: 'Invoice 88213 was coded to cost centre 4410 instead of 4401.',
    replies: ['Corrected in the ERP; credit note requested.'],
  },
  {
    type: 'PROBLEM',
    title: 'Roster exports missing weekend shifts',
    body: 'The weekly payroll export drops Saturday and Sunday shifts for casual staff.',
    replies: ['Time zone bug in the export job; fix scheduled.'],
  },
  {
    type: 'FEEDBACK',
    title: 'Great support from the help desk this week',
    body: 'Thanks for sorting out the fridge so quickly.',
    replies: [],
  },
  {
    type: 'ALERTS',
    title: 'Heatwave: check cold chain deliveries',
    body: 'Forecast 41C on Thursday. Please check delivery temperatures on arrival.',
    replies: ['Noted for all sites.'],
  },
  {
    type: 'SERVICE_REQUEST',
    title: 'Replace broken coffee grinder at Harbour kiosk',
    body: 'Grinder motor burnt out. Need a loan unit.',
    replies: ['Loan unit dispatched with the morning run.'],
  },
  {
    type: 'ISSUE',
    title: 'Label printer prints blank labels',
    body: 'Zebra printer at the production kitchen prints blank labels since the ribbon change.',
    replies: ['Ribbon was loaded inside out. Fixed on site.'],
  },
];

const STATUS_PATHS: TicketStatus[][] = [
  [],
  ['IN_PROGRESS'],
  ['IN_PROGRESS', 'ON_HOLD'],
  ['IN_PROGRESS', 'CLOSED'],
  ['CLOSED'],
  ['IN_PROGRESS', 'CLOSED', 'REOPENED'],
  ['ON_HOLD', 'IN_PROGRESS'],
];
const PRIORITIES: TicketPriority[] = ['LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'URGENT'];

const DEMO_PEOPLE = [
  { email: 'helpdesk.agent@demo.example', firstName: 'Hannah', lastName: 'Agent', userType: 2 },
  { email: 'kitchen.lead@demo.example', firstName: 'Marco', lastName: 'Rossi', userType: 5 },
  { email: 'site.manager@demo.example', firstName: 'Aisha', lastName: 'Khan', userType: 4 },
  { email: 'care.worker@demo.example', firstName: 'Tom', lastName: 'Nguyen', userType: 6 },
];

/** People to raise and work tickets: demo users of other modules when present, else a few of our own. */
async function people(ctx: SeedContext) {
  const repository = createHelpdeskRepository(ctx.database.db);
  let all = await repository.activePeople(200);
  if (!all.some((u) => !u.isSuperuser)) {
    const identity = identityServiceFor(ctx);
    // Nobody signs in as these people: one random password, hashed once (a hash costs 128 MiB and most of a second).
    const passwordHash = await hashPassword(`Demo-${randomBytes(9).toString('base64url')}`);
    for (const person of DEMO_PEOPLE) {
      if (await identity.findUserByEmail(person.email)) continue;
      await identity.createUser({ ...person, password: '', passwordHash, skipPolicy: true });
    }
    all = await repository.activePeople(200);
  }
  const admins = all.filter((u) => u.isSuperuser);
  const agents = all.filter((u) => u.isSuperuser || u.userType === 1 || u.userType === 2);
  const requesters = all.filter((u) => u.userType >= 4 && !u.isSuperuser);
  return { admin: admins[0] ?? all[0]!, agents: agents.length ? agents : all, requesters: requesters.length ? requesters : all };
}

/** About three dozen tickets over the last two months, with messages, status history and a few notifications for the admin. */
export const helpdeskDemoSeeder: DemoSeeder = {
  key: 'helpdesk',
  name: 'help desk tickets',
  async run(ctx) {
    // Deterministic, so every fresh demo looks the same.
    const random = createRandom(20240601).next;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const { admin, agents, requesters } = await people(ctx);
    const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim() || 'A user';
    const day = 24 * 3600 * 1000;
    const now = Date.now();

    await ctx.database.db.transaction(async (tx) => {
      const repo = createHelpdeskRepository(tx);
      const notifications = createNotificationsRepository(tx);
      for (let i = 0; i < 36; i++) {
        const sample = SAMPLES[i % SAMPLES.length]!;
        // Every fifth ticket is the admin's own, so "View My Tickets" has content too.
        const requester = i % 5 === 0 ? admin : pick(requesters);
        const agent = pick(
          agents.filter((a) => a.id !== requester.id).length ? agents.filter((a) => a.id !== requester.id) : agents,
        );
        const path = STATUS_PATHS[i % STATUS_PATHS.length]!;
        let at = new Date(now - Math.floor((60 - i * 1.6) * day) - Math.floor(random() * 6 * 3600 * 1000));
        const ticketId = uuidv7();
        const suffix = i >= SAMPLES.length ? ` (${['week 2', 'again', 'follow-up'][i % 3]})` : '';
        const { number } = await repo.insertTicket({
          id: ticketId,
          title: `${sample.title}${suffix}`,
          ticketType: sample.type,
          priority: sample.type === 'INCIDENT' || sample.type === 'ALERTS' ? 'HIGH' : pick(PRIORITIES),
          ticketStatus: path.at(-1) ?? 'OPEN',
          ticketContent: doc(sample.body),
          metaData: { user_agent: 'Mozilla/5.0 (demo data)', timezone: 'Australia/Sydney', ip: null, source: 'help-drawer' },
          requesterId: requester.id,
          assigneeId: path.length ? agent.id : null,
          createdById: requester.id,
          updatedById: path.length ? agent.id : requester.id,
          createdAt: at,
          updatedAt: at,
        });
        await repo.insertHistory([
          { ticketId, field: 'ticket_status', fromStatus: null, toStatus: 'OPEN', changedById: requester.id, changedAt: at },
        ]);
        let from: TicketStatus = 'OPEN';
        for (const to of path) {
          at = new Date(at.getTime() + Math.floor((0.2 + random()) * day));
          await repo.insertHistory([
            {
              ticketId,
              field: 'ticket_status',
              fromStatus: from,
              toStatus: to,
              fromValue: from,
              toValue: to,
              changedById: agent.id,
              changedAt: at,
            },
          ]);
          from = to;
        }
        const replies = path.length ? sample.replies : sample.replies.slice(0, 1);
        let sender = agent;
        for (const [index, reply] of replies.entries()) {
          at = new Date(at.getTime() + Math.floor((0.1 + random() * 0.5) * day));
          const conversation = await repo.insertConversation({
            ticketId,
            senderId: sender.id,
            recipientId: sender.id === agent.id ? requester.id : agent.id,
            message: doc(reply),
            createdById: sender.id,
            updatedById: sender.id,
            createdAt: at,
            updatedAt: at,
          });
          if (index === 0 && agents.length > 1)
            await repo.replaceCopies(
              conversation.id,
              [agents.find((a) => a.id !== agent.id && a.id !== requester.id)?.id].filter((id): id is string => Boolean(id)),
            );
          sender = sender.id === agent.id ? requester : agent;
        }
        await repo.updateTicket(ticketId, { updatedAt: at });
        // The admin's recent view of the help desk: new tickets from others.
        if (requester.id !== admin.id && i >= 24) {
          await notifications.insertNotifications([
            {
              recipientId: admin.id,
              actorId: requester.id,
              verb: 'created',
              description: `${name(requester)} raised a ticket: #${number} "${sample.title}${suffix}"`,
              level: sample.type === 'INCIDENT' ? 'warning' : 'info',
              targetType: 'ticket',
              targetId: ticketId,
              targetText: `${sample.title}${suffix}`,
              data: { ticket_id: ticketId, ticket_number: number, ticket_type: sample.type },
              unread: i % 3 !== 0,
              timestamp: new Date(now - (36 - i) * 3600 * 1000),
            },
          ]);
        }
      }
    });
  },
};
