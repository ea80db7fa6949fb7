// Every secret that passed through the core this session (keys added, the sandbox's keys, profile
// keys, webhook secrets). The bridge blanks them out of any message or log line as a last guard:
// the service client already redacts its own errors, but a bug elsewhere must not leak one.
import { Redactor } from '../service/redactor.ts';

export class KnownSecrets {
  readonly #secrets = new Set<string>();
  #redactor = new Redactor([]);

  add(...secrets: (string | undefined | null)[]): void {
    let changed = false;
    for (const secret of secrets) {
      if (typeof secret === 'string' && secret !== '' && !this.#secrets.has(secret)) {
        this.#secrets.add(secret);
        changed = true;
      }
    }
    if (changed) this.#redactor = new Redactor(this.#secrets);
  }

  redact(text: string): string {
    return this.#redactor.text(text);
  }
}
