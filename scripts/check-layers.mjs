#!/usr/bin/env node
// `npm run lint` runs this after ESLint. It reads every relative import of the server and web
// sources (type-only imports and re-exports included, tests left out) and fails on:
//   cycles       files that import each other, directly or around a loop (a type cycle counts:
//                it still ties the files together for the reader and the compiler);
//   layer order  a file importing a layer above its own (docs/architecture.md, "Layers");
//   module faces a server file under modules/<a>/ importing from modules/<b>/ anything but
//                modules/<b>/index.ts, the module's public face;
//   schema       a server file under modules/<a>/ importing from db/schema/ a table another module
//                owns (SCHEMA_OWNERS, TABLE_OWNERS): it reads it through that module's face, which
//                re-exports what others may read; and an .insert(/.update(/.delete( on a table taken
//                from another module's face (writes go through the owner's port or service).
//   node scripts/check-layers.mjs            checks this checkout; exits 1 on any problem
//   node scripts/check-layers.mjs <dir>      checks another tree laid out the same way (the test's fixtures)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Per source root, its layers from the top down; a file matches the first pattern that fits its path. */
export const PROJECT_ROOTS = [
  {
    root: 'packages/server/src',
    modules: true,
    layers: [
      { name: 'entry', test: /^(main|app|cli|start-line)\.ts$|^(cli|seed)\// },
      { name: 'modules', test: /^modules\// },
      { name: 'platform', test: /^(platform|list-query)\// },
      { name: 'db', test: /^db\// },
    ],
  },
  {
    root: 'packages/web/src',
    modules: false,
    layers: [
      { name: 'app', test: /^(app\/|main\.tsx$)/ },
      { name: 'features', test: /^features\// },
      { name: 'shell', test: /^shell\// },
      { name: 'shared', test: /^shared\// },
      { name: 'api', test: /^api\// },
    ],
  },
];

/**
 * Who owns the tables of db/schema/<file>.ts (docs/architecture.md, "Reading another module's data"):
 * the module of the same name; records-<part>.ts files are the records module's; the synced
 * providers' tables are the integrations module's. null: platform-level tables any module may use
 * (the audit log platform/audit.ts writes, the shared rate-limit counters, column helpers).
 */
export function schemaFileOwner(base) {
  if (/^records-/.test(base)) return 'records';
  if (['adp', 'buylink', 'dynamics', 'google-sync'].includes(base)) return 'integrations';
  if (['audit', 'rate-limits', 'columns'].includes(base)) return null;
  return base;
}
/** Tables a module owns that live in another module's schema file (written there before the module had a folder). */
export const TABLE_OWNERS = {
  cannedReplies: 'canned-replies',
  views: 'views',
  viewDefaults: 'views',
  ticketMailTokens: 'notifications',
};
const isSource = (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');
const isTest = (relative) =>
  /\.test\.tsx?$/.test(relative) || /(^|\/)test\//.test(relative) || /test-setup\.tsx?$/.test(relative);

function sourceFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...sourceFiles(full));
    } else if (isSource(entry.name)) found.push(full);
  }
  return found;
}

/** The file a relative specifier names, as the bundler and tsc resolve it; null when none. */
function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile() && isSource(c)) ?? null;
}

/** file -> files it imports, inside one source root (relative paths, forward slashes). */
export function importGraph(rootDir) {
  const relative = (file) => path.relative(rootDir, file).split(path.sep).join('/');
  const graph = new Map();
  for (const file of sourceFiles(rootDir)) {
    const from = relative(file);
    if (isTest(from)) continue;
    const imported = new Set();
    // preProcessFile lists static imports (type-only too), re-exports and dynamic import()s.
    for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      if (!target) continue;
      const to = relative(target);
      if (!to.startsWith('..') && !isTest(to)) imported.add(to);
    }
    graph.set(from, imported);
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan), each sorted, found without recursion. */
export function findCycles(graph) {
  const order = new Map();
  const lowest = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (order.has(start)) continue;
    const work = [{ file: start, next: [...(graph.get(start) ?? [])], at: 0 }];
    order.set(start, counter);
    lowest.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.at < frame.next.length) {
        const to = frame.next[frame.at++];
        if (!graph.has(to)) continue;
        if (!order.has(to)) {
          order.set(to, counter);
          lowest.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ file: to, next: [...graph.get(to)], at: 0 });
        } else if (onStack.has(to)) lowest.set(frame.file, Math.min(lowest.get(frame.file), order.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].file;
        lowest.set(parent, Math.min(lowest.get(parent), lowest.get(frame.file)));
      }
      if (lowest.get(frame.file) === order.get(frame.file)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.file);
        if (group.length > 1) cycles.push(group.sort());
      }
    }
  }
  return cycles;
}

/** Named imports of one file: { specifier, names: [{ imported, local }], all } (all: a namespace import). */
function namedImports(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const names = [];
    let all = false;
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (!bindings) all = ts.isExportDeclaration(statement);
    else if (ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) all = true;
    else
      for (const element of bindings.elements)
        names.push({ imported: (element.propertyName ?? element.name).text, local: element.name.text });
    found.push({ specifier, names, all, text: source.text });
  }
  return found;
}

/** The schema rule: reads of another module's tables go through its face, writes through its port. */
function checkSchema(rootDir, graph) {
  const problems = [];
  const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1];
  const full = (file) => path.join(rootDir, file);
  const relative = (file) => path.relative(rootDir, file).split(path.sep).join('/');
  const ownerOf = (schemaFile, table) => TABLE_OWNERS[table] ?? schemaFileOwner(path.basename(schemaFile, '.ts'));
  // Tables each face hands out: names it re-exports from db/schema/.
  const faceTables = new Map();
  for (const file of graph.keys()) {
    const face = /^modules\/([^/]+)\/index\.ts$/.exec(file)?.[1];
    if (!face) continue;
    const tables = new Map();
    for (const { specifier, names } of namedImports(full(file))) {
      const target = specifier.startsWith('.') ? resolveImport(full(file), specifier) : null;
      if (!target || !/^db\/schema\//.test(relative(target))) continue;
      for (const { imported, local } of names) tables.set(local, ownerOf(relative(target), imported));
    }
    faceTables.set(face, tables);
  }
  for (const from of graph.keys()) {
    const owner = moduleOf(from);
    if (!owner || from === `modules/${owner}/index.ts`) continue;
    for (const { specifier, names, all, text } of namedImports(full(from))) {
      const target = specifier.startsWith('.') ? resolveImport(full(from), specifier) : null;
      if (!target) continue;
      const to = relative(target);
      if (/^db\/schema\//.test(to)) {
        const fileOwner = schemaFileOwner(path.basename(to, '.ts'));
        if (all && fileOwner && fileOwner !== owner)
          problems.push({
            check: 'schema',
            detail: `${from} -> ${to} (* of module ${fileOwner}'s tables: import them from modules/${fileOwner}/index.ts)`,
          });
        for (const { imported } of names) {
          const tableOwner = ownerOf(to, imported);
          if (tableOwner && tableOwner !== owner)
            problems.push({
              check: 'schema',
              detail: `${from} -> ${to} (${imported} is module ${tableOwner}'s: import it from modules/${tableOwner}/index.ts)`,
            });
        }
        continue;
      }
      const face = /^modules\/([^/]+)\/index\.ts$/.exec(to)?.[1];
      if (!face || face === owner) continue;
      for (const { imported, local } of names) {
        const tableOwner = faceTables.get(face)?.get(imported);
        if (!tableOwner || tableOwner === owner) continue;
        const write = new RegExp(`\\.\\s*(insert|update|delete)\\(\\s*${local}\\b`).exec(text);
        if (write)
          problems.push({
            check: 'schema',
            detail: `${from} .${write[1]}(${local}) (a write to module ${tableOwner}'s table: go through its port or service)`,
          });
      }
    }
  }
  return problems;
}

/** Every problem of one source root: { check: 'cycle' | 'layer' | 'face' | 'schema', detail }. */
export function checkRoot(rootDir, { layers, modules }) {
  const graph = importGraph(rootDir);
  const problems = findCycles(graph).map((group) => ({ check: 'cycle', detail: group.join(' <-> ') }));
  const layerOf = (file) => layers.findIndex((layer) => layer.test.test(file));
  const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1];
  for (const [from, imported] of graph) {
    const fromLayer = layerOf(from);
    for (const to of imported) {
      const toLayer = layerOf(to);
      if (fromLayer >= 0 && toLayer >= 0 && toLayer < fromLayer)
        problems.push({
          check: 'layer',
          detail: `${from} -> ${to} (${layers[fromLayer].name} may not import ${layers[toLayer].name})`,
        });
      const owner = modules ? moduleOf(from) : undefined;
      const other = modules ? moduleOf(to) : undefined;
      if (owner && other && other !== owner && to !== `modules/${other}/index.ts`)
        problems.push({ check: 'face', detail: `${from} -> ${to} (import modules/${other}/index.ts)` });
    }
  }
  if (modules) problems.push(...checkSchema(rootDir, graph));
  return problems;
}

export function checkProject(repoDir, roots = PROJECT_ROOTS) {
  return roots
    .filter(({ root }) => fs.existsSync(path.join(repoDir, root)))
    .flatMap((place) => checkRoot(path.join(repoDir, place.root), place).map((problem) => ({ root: place.root, ...problem })));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkProject(
    process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const titles = {
    cycle: 'import cycle',
    layer: 'import against the layer order',
    face: "import into another module's insides",
    schema: "another module's tables",
  };
  for (const problem of problems) console.error(`${problem.root}: ${titles[problem.check]}: ${problem.detail}`);
  console.log(
    problems.length
      ? `check-layers: ${problems.length} problem(s)`
      : 'check-layers: no cycles, layer order kept, modules imported through their index, tables read through their owner',
  );
  process.exit(problems.length ? 1 : 0);
}
