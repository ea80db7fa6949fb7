// Keys never reach a message, an event or a log line. Everything the client says about a call
// passes through the redactor of that call, which knows the call's secrets and blanks them out,
// wherever they turn up (a service message quoting a header, an undici error, a URL).

export const REDACTED = '[redacted]';

/** What stands for a part of a value nested deeper than the redactor goes. */
const TOO_DEEP = '[nested too deeply]';

/**
 * The deepest the redactor walks a value. Answers are cut at 128 levels before they are parsed;
 * this keeps the redactor itself safe (no RangeError) on anything it is handed.
 */
const MAX_DEPTH = 256;

/** Shorter strings could blank out ordinary words; real keys are much longer. */
const MIN_SECRET_LENGTH = 6;

export class Redactor {
  private readonly secrets: readonly string[];

  constructor(secrets: Iterable<string | undefined>) {
    // Longest first, so a secret that contains another is blanked out whole.
    this.secrets = [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))].sort(
      (a, b) => b.length - a.length,
    );
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** A JSON value with every string redacted (error bodies kept on errors); deeper parts cut off. */
  value<T>(value: T): T {
    if (this.secrets.length === 0) return value;
    return this.within(value, 0) as T;
  }

  private within(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (typeof value !== 'object' || value === null) return value;
    if (depth >= MAX_DEPTH) return TOO_DEEP;
    if (Array.isArray(value)) return value.map((item) => this.within(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.within(v, depth + 1)]));
  }
}
