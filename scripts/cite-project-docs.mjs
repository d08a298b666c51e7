#!/usr/bin/env node
/**
 * Rewrites citations of the design documents the project started from ("DESIGN 13.1",
 * "spec 01 section 4", "spec 02") into citations of the project's own specification in
 * docs/spec/ ("spec platform §13.1", "spec web-shell §4", "spec api-contract"); the form is
 * described in docs/spec/README.md. A clone has only docs/spec/, so an old citation leads nowhere.
 *
 * Idempotent: a rewritten citation matches no rule, so a second run changes nothing; run it again
 * after merging a branch that still writes the old forms.
 *
 *   node scripts/cite-project-docs.mjs          rewrite in place, list the files changed
 *   node scripts/cite-project-docs.mjs --check  change nothing; exit 1 when an old citation is left
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|md|sql|ya?ml|css|html)$/;
/** The specification itself and this script name the old forms on purpose. */
const SKIP = [/^docs\/spec\//, /^scripts\/cite-project-docs\.mjs$/];

/** Phrases that need more than a mechanical rewrite; tried before the general rules. */
const PHRASES = [
  ['(DESIGN 13.4 "a home that answers what needs me now")', '(spec platform §13.4; docs/decisions.md "Home dashboard")'],
  ['(spec 02 directory maps)', '(spec api-contract §7, "Directory maps")'],
  ['(spec 02 "Employees")', '(spec api-contract §3, "Employees")'],
  ['Where the specification and DESIGN.md leave a choice open', 'Where the specification (docs/spec/) leaves a choice open'],
  ['we follow DESIGN.', 'we follow the specification.'],
  ['(spec 01 routes)', '(spec web-shell §2.1)'],
  ['(spec 01 list state)', '(spec platform §13.4)'],
  ['route of spec 01', 'route of spec web-shell §2.1'],
  ['page of spec 01', 'page of spec web-shell §2.1'],
  ["spec 01's route table", 'the route table of spec web-shell §2.1'],
  ['The side navigation of spec 01', 'The side navigation of spec web-shell §2.2'],
  ['Text search (spec 01)', 'Text search (spec web-shell §2.2)'],
  ["as spec 01's navigation names it", 'as spec web-shell §2.2 names it'],
  ['(the "flag" of spec 01)', '(the "flag" of spec web-shell §2.3)'],
  ['Menu order of spec 01 section 2', 'Menu order of spec web-shell §2.4'],
  ['returns to its menu\n  (spec 01)', 'returns to its menu\n  (spec web-shell §4)'],
  ['as spec 01 says, shows no message', 'as spec web-shell §5 says, shows no message'],
  ['the toasts of spec 01', 'the toasts of spec web-shell §8'],
  ["// Spec 01's words,", '// The words of spec web-shell §8,'],
  ["that spec 01's breadcrumb width reserves", 'that the breadcrumb width of spec web-shell §9 reserves'],
  ["under spec 02's names", 'under the names of spec api-contract §3 (PageSetting)'],
  ['The record entities of spec 02', 'The record entities of spec api-contract §3'],
  ['the business records of spec 02', 'the business records of spec api-contract §3'],
  ['Business records of spec 02', 'Business records of spec api-contract §3'],
  ['legal entity (spec 02):', 'legal entity (spec api-contract §3):'],
  ['a cost centre (spec 02:', 'a cost centre (spec api-contract §3:'],
  ['enumeration values of spec 02', 'enumeration values of spec api-contract §3'],
  ['when spec 02 lists no GET', 'when spec api-contract §7 lists no GET'],
  ['Spec 02 writes the path', 'Spec api-contract §7 writes the path'],
  ['relate a _user_ (spec 02)', 'relate a _user_ (spec api-contract §3)'],
];

/** General rules, in order: the longer forms first. */
const RULES = [
  [/\bDESIGN(?:\.md)?,? (?:section|§) ?(\d+(?:\.\d+)?)/g, 'spec platform §$1'],
  [/\bDESIGN\.md\b/g, 'docs/spec/platform.md'],
  [/\bDESIGN (\d+(?:\.\d+)?)\b/g, 'spec platform §$1'],
  [/\b([Ss])pec 01,? section (\d+)/g, '$1pec web-shell §$2'],
  [/\b([Ss])pec 02,? section (\d+)/g, '$1pec api-contract §$2'],
  [/\b([Ss])pec 01\b/g, '$1pec web-shell'],
  [/\b([Ss])pec 02\b/g, '$1pec api-contract'],
];

function rewrite(text) {
  let out = text;
  for (const [from, to] of PHRASES) out = out.split(from).join(to);
  for (const [pattern, to] of RULES) out = out.replace(pattern, to);
  return out;
}

/** Build output, dependencies and data are not ours to rewrite. */
const NOT_SOURCE = new Set(['node_modules', '.git', 'dist', '.data', 'coverage', 'test-results', 'playwright-report']);

function sourceFiles(root, rel) {
  const path = join(root, rel);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [rel];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !NOT_SOURCE.has(entry.name))
    .flatMap((entry) => sourceFiles(root, `${rel}/${entry.name}`));
}

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const changed = [];
const files = ROOTS.flatMap((rel) => sourceFiles(root, rel)).filter(
  (file) => TEXT.test(file) && !SKIP.some((skip) => skip.test(file)),
);
for (const file of files) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = rewrite(before);
  if (after === before) continue;
  changed.push(file);
  if (!check) writeFileSync(path, after);
}
for (const file of changed) console.log(`${check ? 'old citation in' : 'rewrote'} ${file}`);
if (check && changed.length > 0) {
  console.error('Cite docs/spec/ instead (docs/spec/README.md); `node scripts/cite-project-docs.mjs` rewrites them.');
  process.exit(1);
}
