import type { DemoSeeder, SeedContext } from '../platform/demo-seeder';
import { recordsDemoSeeder } from '../modules/records/index';
import { integrationsDemoSeeder } from '../modules/integrations/index';
import { helpdeskDemoSeeder, helpdeskDemoTickets, helpdeskSitesDemoSeeder } from '../modules/helpdesk/index';
import { createHelpdeskFlowDemoSeeder } from '../modules/helpdesk-flow/index';
import { sitesDemoSeeder } from '../modules/timeline/index';

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
  // The flow's tickets are written through the help desk, which owns them.
  createHelpdeskFlowDemoSeeder(helpdeskDemoTickets),
  sitesDemoSeeder,
];

export async function seedDemo(ctx: SeedContext): Promise<void> {
  for (const seeder of DEMO_SEEDERS) {
    const started = Date.now();
    await seeder.run(ctx);
    ctx.print(`demo data: ${seeder.name} (${Date.now() - started} ms)`);
  }
}
