// The main-side half of the bridge: a command name and an untrusted input in, a BridgeResult out.
// The name must be one of the contract's; the input is parsed with that command's schema before a
// handler sees it; the handler's answer is parsed with the output schema before it leaves (a
// handler bug becomes 'internal', never a malformed or over-full answer). It never throws: every
// failure is an `{ok: false}` with a code the UI can act on and a message a person can read.
import { commands, type CommandName, type CommandOutput, type ParsedCommandInput, isCommandName } from '../../../shared/bridge/contract.ts';
import type { BridgeResult } from '../../../shared/bridge/result.ts';
import type { LoggerPort } from '../ports.ts';
import type { BridgeDispatcher, BridgeEvent } from './dispatcher.ts';
import { bridgeErrorOf, INTERNAL_MESSAGE } from './errorMapping.ts';
import { describeIssues, shortened } from './issues.ts';

/** A refusal's message may quote input (a key, a value) the core was given: no answer is longer. */
const MAX_ERROR_MESSAGE = 1_000;

export type CommandHandler<N extends CommandName> = (input: ParsedCommandInput<N>) => Promise<CommandOutput<N>> | CommandOutput<N>;

export type CommandHandlers = { [N in CommandName]: CommandHandler<N> };

export interface DispatcherOptions {
  handlers: CommandHandlers;
  /** Where events come from (the core's EventHub). */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  logger?: LoggerPort;
  /** Blanks out every secret the core knows from a message or a log line, as a last guard. */
  redact?: (text: string) => string;
}

export function createDispatcher(options: DispatcherOptions): BridgeDispatcher {
  const redact = options.redact ?? ((text: string) => text);
  const log = (level: 'warn' | 'error', message: string, detail: Record<string, unknown>) => {
    try {
      options.logger?.[level](message, JSON.parse(redact(JSON.stringify(detail))) as Record<string, unknown>);
    } catch {
      // A logger that fails must not turn a result into a throw.
    }
  };

  async function invoke(command: string, input: unknown): Promise<BridgeResult<unknown>> {
    try {
      if (typeof command !== 'string' || !isCommandName(command)) {
        return {
          ok: false,
          error: { code: 'unknown-command', message: `There is no command "${typeof command === 'string' ? command.slice(0, 80) : typeof command}"` },
        };
      }
      const schema = commands[command];
      const parsed = schema.input.safeParse(input);
      if (!parsed.success) {
        const message = shortened(redact(`${command}: ${describeIssues(parsed.error.issues)}`), MAX_ERROR_MESSAGE);
        return { ok: false, error: { code: 'invalid-input', message } };
      }
      let data: unknown;
      try {
        const handler = options.handlers[command] as (input: unknown) => unknown;
        data = await handler(parsed.data);
      } catch (failure) {
        const mapped = bridgeErrorOf(failure, command);
        if (mapped.log) log('error', `Command ${command} failed`, detailOf(failure));
        return { ok: false, error: { ...mapped.error, message: shortened(redact(mapped.error.message), MAX_ERROR_MESSAGE) } };
      }
      const output = schema.output.safeParse(data);
      if (!output.success) {
        log('error', `Command ${command} answered with data that does not match its output schema`, {
          issues: output.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.')}: ${issue.code}`),
        });
        return { ok: false, error: { code: 'internal', message: INTERNAL_MESSAGE } };
      }
      return { ok: true, data: output.data };
    } catch (failure) {
      log('error', 'The bridge dispatcher failed', detailOf(failure));
      return { ok: false, error: { code: 'internal', message: INTERNAL_MESSAGE } };
    }
  }

  return {
    invoke,
    subscribe: (listener) => options.subscribe(listener),
  };
}

function detailOf(failure: unknown): Record<string, unknown> {
  if (failure instanceof Error) return { name: failure.name, message: failure.message, stack: failure.stack };
  return { thrown: typeof failure };
}
