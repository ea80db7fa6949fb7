// The web host's log: stderr, one line per entry, so stdout keeps only the one line with the URL
// that tooling reads. The core has already blanked out every secret it knows in what it logs.
import type { LoggerPort } from '../core/ports.ts';

export function stderrLogger(stream: NodeJS.WritableStream = process.stderr): LoggerPort {
  const write = (level: string, message: string, detail?: Record<string, unknown>) => {
    let extra = '';
    if (detail !== undefined) {
      try {
        extra = ` ${JSON.stringify(detail)}`;
      } catch {
        extra = ' (detail not printable)';
      }
    }
    stream.write(`${new Date().toISOString()} ${level} ${message}${extra}\n`);
  };
  return {
    warn: (message, detail) => write('warn', message, detail),
    error: (message, detail) => write('error', message, detail),
  };
}
