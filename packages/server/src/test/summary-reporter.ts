import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: "tests: N passed, N failed, N skipped". With
 * TEST_RESULTS_DIR set it also writes `<dir>/<package folder>.json`, every test's file, name and
 * state (and a failure's first error), so CI can compare the PGlite and PostgreSQL runs test by test (scripts/check-postgres-run.mjs).
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const results: { file: string; name: string; state: string; error?: string }[] = [];
    for (const module of testModules) {
      const file = path.relative(this.root, module.moduleId);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        const error = state === 'failed' ? test.result().errors?.[0]?.message?.slice(0, 1000) : undefined;
        results.push({ file, name: test.fullName, state, ...(error ? { error } : {}) });
      }
      if (module.state() === 'failed' && ![...module.children.allTests()].length) {
        failed++;
        results.push({ file, name: '(the file failed to load)', state: 'failed' });
      }
    }
    // The failures again, just above the closing line: a long run's log is often read from its end.
    const failures = results.filter((result) => result.state === 'failed');
    if (failures.length) process.stdout.write(`\nfailed:\n${failures.map((result) => `  ${result.file} > ${result.name}`).join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    const dir = process.env.TEST_RESULTS_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${path.basename(this.root)}.json`), JSON.stringify(results, null, 1));
    }
  }
}
