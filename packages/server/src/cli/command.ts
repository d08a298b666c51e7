import { Command as CommanderCommand, CommanderError, type OptionValues } from 'commander';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db';
import { ApiError, ValidationError } from '../platform/errors';

export interface CommandContext {
  config: Config;
  database: Database;
  print: (line: string) => void;
}

/** A failure the user can act on: printed as one message, exit code 1. */
export class CommandError extends Error {}

/** Wrong or missing options: printed with the command's usage, exit code 2. */
export class UsageError extends CommandError {}

/**
 * One CLI command: its commander definition (options, arguments, help text)
 * and what it does with the parsed options. The same definition parses the
 * command line in the CLI process and again inside a running server that the
 * CLI hands the command to, so both accept exactly the same arguments.
 */
export interface CommandSpec<Options extends OptionValues> {
  name: string;
  summary: string;
  define?(command: CommanderCommand): void;
  run(ctx: CommandContext, options: Options, args: string[]): Promise<void>;
}

export interface OfflineCommandSpec<Options extends OptionValues> {
  name: string;
  summary: string;
  define?(command: CommanderCommand): void;
  run(config: Config, pgliteDir: string, options: Options, print: (line: string) => void): Promise<void>;
}

/** A command whose options type stays inside it: `invoke` parses the words and runs with them. */
export interface CliCommand {
  name: string;
  summary: string;
  define?(command: CommanderCommand): void;
  invoke(ctx: CommandContext, argv: string[]): Promise<void>;
}

export interface OfflineCliCommand {
  name: string;
  summary: string;
  define?(command: CommanderCommand): void;
  invoke(config: Config, pgliteDir: string, argv: string[], print: (line: string) => void): Promise<void>;
}

export function defineCommand<Options extends OptionValues>(spec: CommandSpec<Options>): CommandSpec<Options> & CliCommand {
  return {
    ...spec,
    invoke: async (ctx, argv) => {
      const { options, args } = parseCommandLine<Options>(spec, argv);
      await spec.run(ctx, options, args);
    },
  };
}

export function defineOfflineCommand<Options extends OptionValues>(
  spec: OfflineCommandSpec<Options>,
): OfflineCommandSpec<Options> & OfflineCliCommand {
  return {
    ...spec,
    invoke: (config, pgliteDir, argv, print) => spec.run(config, pgliteDir, parseCommandLine<Options>(spec, argv).options, print),
  };
}

/** The commander command for a spec; parse errors throw instead of exiting the process. */
export function commanderFor(spec: {
  name: string;
  summary: string;
  define?(command: CommanderCommand): void;
}): CommanderCommand {
  const command = new CommanderCommand(spec.name).description(spec.summary).allowExcessArguments(false).exitOverride();
  spec.define?.(command);
  return command;
}

/** Parses `argv` (the words after the command name) with the spec's definition. */
export function parseCommandLine<Options extends OptionValues>(
  spec: { name: string; summary: string; define?(command: CommanderCommand): void },
  argv: string[],
): { options: Options; args: string[] } {
  const errors: string[] = [];
  const command = commanderFor(spec).configureOutput({
    writeErr: (text) => errors.push(text),
    writeOut: (text) => errors.push(text),
  });
  try {
    command.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) throw new UsageError(`${spec.name}: ${error.message.replace(/^error: /, '')}`);
    throw error;
  }
  // commander types the parsed options by the caller's declaration; `define` declared them.
  return { options: command.opts<Options>(), args: command.args };
}

/** One line (or one per field) a person can read, never a stack. */
export function describeError(error: unknown): string {
  if (error instanceof ValidationError) {
    return Object.entries(error.fields)
      .map(([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : JSON.stringify(messages)}`)
      .join('\n');
  }
  if (error instanceof ApiError) return String(error.body.detail ?? error.message);
  return error instanceof Error ? error.message : String(error);
}
