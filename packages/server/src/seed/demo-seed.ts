import type { Config } from '../platform/config';
import type { Database } from '../platform/db';
import { recordsDemoSeeder } from '../modules/records/records.seed';
import { integrationsDemoSeeder } from '../modules/integrations/integrations.seed';
import { helpdeskDemoSeeder } from '../modules/helpdesk/helpdesk.seed';
import { helpdeskSitesDemoSeeder } from '../modules/helpdesk/helpdesk-sites.seed';
import { helpdeskFlowDemoSeeder } from '../modules/helpdesk-flow/flow.seed';
import { sitesDemoSeeder } from '../modules/timeline/sites.seed';

export interface SeedContext {
  config: Config;
  database: Database;
  print: (line: string) => void;
}

/** One module's demo data. Seeders run in list order, each in its own transaction where it needs one. */
export interface DemoSeeder {
  /** One word naming it on the command line: `seed-demo --only <key>,<key>`. */
  key: string;
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

/**
 * The demo data set, module by module (later ones may read what earlier ones wrote).
 * Each module adds its seeder here.
 */
export const DEMO_SEEDERS: DemoSeeder[] = [
  recordsDemoSeeder,
  integrationsDemoSeeder,
  helpdeskDemoSeeder,
  helpdeskSitesDemoSeeder,
  helpdeskFlowDemoSeeder,
  sitesDemoSeeder,
];

export async function seedDemo(ctx: SeedContext): Promise<void> {
  for (const seeder of DEMO_SEEDERS) {
    const started = Date.now();
    await seeder.run(ctx);
    ctx.print(`demo data: ${seeder.name} (${Date.now() - started} ms)`);
  }
}
