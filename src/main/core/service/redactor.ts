// Keys never reach a message, an event or a log line. Everything the client says about a call
// passes through the redactor of that call, which knows the call's secrets and blanks them out,
// wherever they turn up (a service message quoting a header, an undici error, a URL).

export const REDACTED = '[redacted]';

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

  /** A JSON value with every string redacted (error bodies kept on errors). */
  value<T>(value: T): T {
    if (this.secrets.length === 0) return value;
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((item) => this.value(item)) as T;
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.value(v)])) as T;
    }
    return value;
  }
}
