import type { DemoSeeder, SeedContext } from '../platform/demo-seeder';
// Seed steps are imported from their files, not the modules' index.ts: the server process loads them
// only when it seeds (main.ts imports this file on demand).
import { recordsDemoSeeder } from '../modules/records/records.seed';
import { integrationsDemoSeeder } from '../modules/integrations/integrations.seed';
import { helpdeskDemoSeeder } from '../modules/helpdesk/helpdesk.seed';
import { helpdeskSitesDemoSeeder } from '../modules/helpdesk/helpdesk-sites.seed';
import { cannedRepliesDemoSeeder } from '../modules/canned-replies/canned-replies.seed';
import { helpdeskDemoTickets, helpdeskFlowTickets } from '../modules/helpdesk/index';
import { createHelpdeskFlowDemoSeeder } from '../modules/helpdesk-flow/flow.seed';
import { sitesDemoSeeder } from '../modules/timeline/sites.seed';

export type { DemoSeeder, SeedContext };

/**
 * The demo data set, module by module (later ones may read what earlier ones wrote).
 * Each module exports its seeder from its index; this list orders them.
 */
export const DEMO_SEEDERS: DemoSeeder[] = [
  recordsDemoSeeder,
  integrationsDemoSeeder,
  helpdeskDemoSeeder,
  helpdeskSitesDemoSeeder,
  cannedRepliesDemoSeeder,
  // The flow's tickets are written and routed through the help desk, which owns them.
  createHelpdeskFlowDemoSeeder(helpdeskDemoTickets, helpdeskFlowTickets),
  sitesDemoSeeder,
];

export async function seedDemo(ctx: SeedContext): Promise<void> {
  for (const seeder of DEMO_SEEDERS) {
    const started = Date.now();
    await seeder.run(ctx);
    ctx.print(`demo data: ${seeder.name} (${Date.now() - started} ms)`);
  }
}
