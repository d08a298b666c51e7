import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { DEMO_PASSWORD, DEMO_USERS } from './modules/records/records.seed';

/**
 * The one line `npm start` prints once the server listens: where to open the
 * app and, when the demo users exist, how to sign in as them.
 */
export async function startLine(
  config: Pick<Config, 'host' | 'port'>,
  database: Pick<Database, 'query' | 'engine'>,
): Promise<string> {
  const host =
    config.host === '0.0.0.0' || config.host === '::'
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
  const url = `http://${host}:${config.port}/`;
  const emails = DEMO_USERS.map((user) => user.email);
  const present = await database.query<{ email: string }>('select email from auth_user where email = any($1::text[])', [emails]);
  const found = new Set(present.map((row) => row.email));
  const demo = emails.filter((email) => found.has(email));
  const signIns = demo.length
    ? ` · demo sign-ins ${demo.map((email) => email.replace('@demo.example', '')).join(', ')} @demo.example, password ${DEMO_PASSWORD}`
    : '';
  return `Serving API and web app on ${url} (database: ${database.engine})${signIns}`;
}
