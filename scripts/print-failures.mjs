// Prints one suite's verdict and each failed test with its first error, from the per-test results
// the summary reporter writes under TEST_RESULTS_DIR. .ci/run calls it last, so the end of a long
// log says which test failed even when that suite's own output scrolled by long before.
// Usage: node scripts/print-failures.mjs <suite> <exit status> <results.json>
import fs from 'node:fs';

const [suite, status, resultsPath] = process.argv.slice(2);
const results = resultsPath && fs.existsSync(resultsPath) ? JSON.parse(fs.readFileSync(resultsPath, 'utf8')) : undefined;
if (!results) {
  console.log(`${suite}: exit status ${status}, no per-test results (${resultsPath}): the suite did not finish`);
  process.exit(0);
}
const count = (state) => results.filter((test) => test.state === state).length;
console.log(`${suite}: exit status ${status}; ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
for (const test of results.filter((result) => result.state === 'failed')) {
  console.log(`  failed: ${test.file} > ${test.name}`);
  if (test.error) console.log(`    ${test.error.split('\n').slice(0, 12).join('\n    ')}`);
}
