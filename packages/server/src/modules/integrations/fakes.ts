import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateAdpWorkers, startAdpFake } from './providers/adp/fake-server';
import { generateBuylinkData, startBuylinkFake } from './providers/buylink/fake-server';
import { generateDynamicsData, startDynamicsFake } from './providers/dynamics/fake-server';
import { generateGoogleData, startGoogleFake } from './providers/google-sync/fake-server';

/**
 * `npm run fakes [-- --rows N]`: starts a local fake of every source system
 * with N records in its main entity, writes the environment that points the
 * connectors at them to DATA_DIR/fakes.env and prints it. Stop with Ctrl-C.
 */
const { values } = parseArgs({ options: { rows: { type: 'string', default: '2000' }, 'env-file': { type: 'string' } } });
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows must be a positive integer');

const google = await startGoogleFake(generateGoogleData(rows));
const dynamics = await startDynamicsFake(generateDynamicsData(rows));
const buylink = await startBuylinkFake(generateBuylinkData(rows));
const adp = await startAdpFake(generateAdpWorkers(rows));

const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-fakes-'));
const keyFile = path.join(keyDir, 'google-service-account.json');
fs.writeFileSync(keyFile, JSON.stringify(google.credentials, null, 2), { mode: 0o600 });
const { GOOGLE_SYNC_CREDENTIALS_JSON: _inline, ...googleEnv } = google.env;
const env = { GOOGLE_SYNC_CREDENTIALS_FILE: keyFile, ...googleEnv, ...dynamics.env, ...buylink.env, ...adp.env };
const lines = Object.entries(env).map(([k, v]) => `export ${k}='${v}'`);
const envFile = values['env-file'] ?? path.join(path.resolve(process.env.DATA_DIR || './.data'), 'fakes.env');
fs.mkdirSync(path.dirname(envFile), { recursive: true });
fs.writeFileSync(envFile, `${lines.join('\n')}\n`);

process.stdout.write(
  [
    `Fakes running with ${rows.toLocaleString('en-US')} records each:`,
    `  google-sync ${google.url}`,
    `  dynamics    ${dynamics.url}`,
    `  buylink     ${buylink.url}`,
    `  adp         ${adp.url}`,
    '',
    `Point the connectors at them (also written to ${envFile}):`,
    ...lines.map((l) => `  ${l}`),
    '',
    `Then: source ${envFile} && npm run cli -- sync google-sync   (or dynamics, buylink, adp)`,
    'Ctrl-C stops the fakes.',
    '',
  ].join('\n'),
);

const stop = async () => {
  await Promise.all([google.close(), dynamics.close(), buylink.close(), adp.close()]);
  fs.rmSync(keyDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
