// A dispatcher over handlers that record what they were called with and answer with the contract's
// sample outputs (or whatever a test says), plus a logger that keeps its lines.
import type { LoggerPort } from '../../../src/main/core/ports.ts';
import { createDispatcher, type CommandHandlers } from '../../../src/main/core/bridge/createDispatcher.ts';
import { EventHub } from '../../../src/main/core/bridge/eventHub.ts';
import type { BridgeDispatcher } from '../../../src/main/core/bridge/dispatcher.ts';
import { COMMAND_NAMES } from '../../../src/shared/bridge/names.ts';
import type { CommandName } from '../../../src/shared/bridge/contract.ts';
import { SAMPLE_OUTPUTS } from './contractSamples.ts';

export interface HandlerCall {
  name: CommandName;
  input: unknown;
}

export interface LogLine {
  level: 'warn' | 'error';
  message: string;
  detail: Record<string, unknown> | undefined;
}

export interface DispatcherRig {
  dispatcher: BridgeDispatcher;
  hub: EventHub;
  calls: HandlerCall[];
  logs: LogLine[];
}

export function dispatcherRig(
  options: {
    answer?: (name: CommandName, input: unknown) => unknown;
    redact?: (text: string) => string;
    logger?: LoggerPort;
  } = {},
): DispatcherRig {
  const calls: HandlerCall[] = [];
  const logs: LogLine[] = [];
  const answer = options.answer ?? ((name: CommandName) => SAMPLE_OUTPUTS[name]);
  const handlers = Object.fromEntries(
    COMMAND_NAMES.map((name) => [
      name,
      (input: unknown) => {
        calls.push({ name, input });
        return answer(name, input);
      },
    ]),
  ) as unknown as CommandHandlers;
  const logger: LoggerPort = options.logger ?? {
    warn: (message, detail) => logs.push({ level: 'warn', message, detail }),
    error: (message, detail) => logs.push({ level: 'error', message, detail }),
  };
  const hub = new EventHub(logger);
  const dispatcher = createDispatcher({
    handlers,
    subscribe: (listener) => hub.subscribe(listener),
    logger,
    ...(options.redact ? { redact: options.redact } : {}),
  });
  return { dispatcher, hub, calls, logs };
}
