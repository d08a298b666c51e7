// Fails unless the server suite really ran on PostgreSQL: it must have passed tests, no failed
// one, and every server test the PGlite run skipped (the PostgreSQL-only ones: named statements,
// the pool, timeouts, LISTEN/NOTIFY, pg_dump/pg_restore, ...) must have passed on PostgreSQL.
// Reads the per-test results the summary reporter writes under TEST_RESULTS_DIR.
// Usage: node scripts/check-postgres-run.mjs <pglite results.json> <postgres results.json>
import fs from 'node:fs';

const [pglitePath, postgresPath] = process.argv.slice(2);
const read = (file) => {
  if (!file || !fs.existsSync(file)) {
    console.error(`no results at ${file}: the suite did not run`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
};
const pglite = read(pglitePath);
const postgres = read(postgresPath);
const key = (test) => `${test.file} > ${test.name}`;
const onPostgres = new Map(postgres.map((test) => [key(test), test.state]));
const count = (state) => postgres.filter((test) => test.state === state).length;

const problems = [];
if (count('passed') === 0) problems.push('the PostgreSQL run passed no test');
if (count('failed') > 0) problems.push(`${count('failed')} test(s) failed on PostgreSQL`);
const postgresOnly = pglite.filter((test) => test.state === 'skipped');
// named-statements.test.ts and its kind always skip on PGlite: none skipped means the PGlite results are not what they seem.
if (postgresOnly.length === 0) problems.push('the PGlite run skipped no test: no PostgreSQL-only test to check');
for (const test of postgresOnly) {
  const state = onPostgres.get(key(test));
  if (state !== 'passed') problems.push(`skipped on PGlite and ${state ?? 'absent'} on PostgreSQL: ${key(test)}`);
}
console.log(
  `PostgreSQL run: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped; ` +
    `${postgresOnly.length} PostgreSQL-only test(s) checked:`,
);
for (const test of postgresOnly) console.log(`  ${onPostgres.get(key(test)) ?? 'absent'}: ${key(test)}`);
if (problems.length) {
  console.error(`\nThe PostgreSQL suite did not run as required:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
