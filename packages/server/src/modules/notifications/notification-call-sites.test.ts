import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownVerbs } from './notification-preferences';

const root = join(__dirname, '../..');
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
const files = sources(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

describe('every notification goes through the dispatcher', () => {
  it('only the dispatcher (and the demo seeds, which write history, not events) insert notification rows', () => {
    const callers = files
      .filter((f) => /\.insertNotifications\(/.test(f.text))
      .map((f) => f.path)
      .sort();
    expect(callers).toEqual([
      'modules/helpdesk/helpdesk-sites.seed.ts',
      'modules/helpdesk/helpdesk.seed.ts',
      'modules/notifications/notifications.service.ts',
    ]);
    const tableWriters = files.filter((f) => /insert\(notifications\)/.test(f.text)).map((f) => f.path);
    // The watchers' rows: one INSERT ... SELECT the dispatcher runs (writer.record with a watched change).
    expect(tableWriters).toEqual(['modules/notifications/notifications.repository.ts', 'modules/notifications/watches.repository.ts']);
    const watcherInserts = files.filter((f) => /\.insertWatcherNotifications\(/.test(f.text)).map((f) => f.path);
    expect(watcherInserts).toEqual(['modules/notifications/notifications.service.ts']);
  });

  it('lists the modules that notify, each through writer.record', () => {
    const callers = files
      .filter((f) => /(notifications|writer)\.record\(/.test(f.text))
      .map((f) => f.path)
      .sort();
    expect(callers).toEqual([
      'modules/automations/rule-runner.ts',
      'modules/helpdesk-flow/sla-sweep.ts',
      'modules/helpdesk/conversation-writes.ts',
      'modules/helpdesk/ticket-writes.ts',
      'modules/knowledge/knowledge-review.ts',
      // Watched clients and cost centres changed (records' change listener, wired in app.ts).
      'modules/notifications/watches.service.ts',
      'modules/sitechecks/sitechecks.service.ts',
    ]);
  });

  it('maps every verb the modules notify with onto a spec kind', () => {
    const verbs = new Set(
      files
        .filter((f) => !f.path.endsWith('.seed.ts'))
        .flatMap((f) => [...f.text.matchAll(/verb: '([^']+)'/g)].map((m) => m[1]!)),
    );
    verbs.add('breached its SLA').add('is at risk'); // sla-sweep picks one of the two in a conditional
    for (const verb of verbs) expect(knownVerbs(), verb).toContain(verb);
  });
});
