import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';

/**
 * The local-only channel through which the CLI hands a command to the running
 * server when the server holds the embedded database (PGlite allows one
 * process per data directory). A unix socket inside DATA_DIR, mode 0600.
 */
export type CommandRunner = (command: string, argv: string[], print: (line: string) => void) => Promise<void>;

export function startCliChannel(socketPath: string, run: CommandRunner): Promise<net.Server> {
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    const lines = readline.createInterface({ input: socket });
    lines.once('line', async (line) => {
      const send = (message: object) => socket.writable && socket.write(`${JSON.stringify(message)}\n`);
      try {
        const { command, argv } = JSON.parse(line) as { command: string; argv: string[] };
        await run(command, argv, (text) => send({ line: text }));
        send({ done: true, ok: true });
      } catch (error) {
        send({ done: true, ok: false, error: error instanceof Error ? error.message : String(error) });
      } finally {
        socket.end();
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      fs.chmodSync(socketPath, 0o600);
      resolve(server);
    });
  });
}

/** Sends a command to a running server; resolves undefined when no server answers on the socket. */
export function sendToServer(
  socketPath: string,
  command: string,
  argv: string[],
  print: (line: string) => void,
): Promise<{ ok: boolean; error?: string } | undefined> {
  if (!fs.existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let settled = false;
    socket.once('error', () => {
      if (!settled) resolve(undefined);
      settled = true;
    });
    socket.once('connect', () => {
      socket.write(`${JSON.stringify({ command, argv })}\n`);
      const lines = readline.createInterface({ input: socket });
      lines.on('line', (line) => {
        const message = JSON.parse(line) as { line?: string; done?: boolean; ok?: boolean; error?: string };
        if (message.line !== undefined) print(message.line);
        if (message.done) {
          settled = true;
          resolve({ ok: Boolean(message.ok), error: message.error });
        }
      });
      socket.once('close', () => {
        if (!settled) resolve({ ok: false, error: 'the server closed the connection' });
        settled = true;
      });
    });
  });
}
