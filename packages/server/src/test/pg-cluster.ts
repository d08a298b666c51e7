import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A private PostgreSQL primary with a streaming replica (made by
 * `pg_basebackup -R`), in a temp folder on free ports, for tests of replica
 * reads. Needs the server binaries of a PostgreSQL install
 * (/usr/lib/postgresql/<version>/bin, or PG_BIN); `postgresBin()` answers
 * undefined when they are missing so the test can skip saying so.
 */
export function postgresBin(): string | undefined {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      : [];
  return candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].every((tool) => fs.existsSync(path.join(dir, tool))),
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  primaryUrl(database?: string): string;
  replicaUrl(database?: string): string;
  stop(): void;
}

/** Starts the primary and its replica; PostgreSQL refuses to run as root, so as root the servers run as `postgres`. */
export async function startPrimaryAndReplica(bin: string): Promise<PgCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-pg-cluster-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:', root]);
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: 'pipe',
      cwd: root,
    });
  };
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const settings = (port: number) =>
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${root}'`,
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 16MB',
      'max_connections = 60',
      'max_wal_senders = 4',
      'wal_level = replica',
      'hot_standby = on',
    ].join('\n') + '\n';
  const started: string[] = [];
  const stop = () => {
    for (const dir of started.reverse()) {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
    }
    started.length = 0;
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
    fs.appendFileSync(path.join(primaryDir, 'postgresql.conf'), settings(primaryPort));
    run('pg_ctl', ['-D', primaryDir, '-l', path.join(root, 'primary.log'), '-w', '-t', '120', 'start']);
    started.push(primaryDir);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    fs.appendFileSync(path.join(replicaDir, 'postgresql.conf'), settings(replicaPort));
    run('pg_ctl', ['-D', replicaDir, '-l', path.join(root, 'replica.log'), '-w', '-t', '120', 'start']);
    started.push(replicaDir);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: (database = 'postgres') => `postgres://postgres@127.0.0.1:${primaryPort}/${database}`,
    replicaUrl: (database = 'postgres') => `postgres://postgres@127.0.0.1:${replicaPort}/${database}`,
    stop,
  };
}
