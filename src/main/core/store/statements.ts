// Prepared statements, made once per SQL text. The inbox's queries are assembled per filter shape
// (how many profiles and networks), so they are cached by text too; the shapes are few.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

export class Statements {
  readonly #db: DatabaseSync;
  readonly #cache = new Map<string, StatementSync>();
  /** Assembled queries can have many shapes in theory; past this the oldest are dropped. */
  readonly #limit: number;

  constructor(db: DatabaseSync, limit = 500) {
    this.#db = db;
    this.#limit = limit;
  }

  get(sql: string): StatementSync {
    let statement = this.#cache.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      if (this.#cache.size >= this.#limit) {
        const oldest = this.#cache.keys().next().value;
        if (oldest !== undefined) this.#cache.delete(oldest);
      }
      this.#cache.set(sql, statement);
    }
    return statement;
  }
}
