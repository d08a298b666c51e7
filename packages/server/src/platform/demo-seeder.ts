import type { Config } from './config';
import type { Database } from './db';

/**
 * The shape of one module's demo data step. Modules declare their steps against this type and
 * export them from their index; seed/demo-seed.ts (the entry layer) imports the steps and orders
 * them, so no module imports the demo seed back.
 */
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
