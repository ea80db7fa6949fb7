// One step of the schema (migrations.ts lists them; migrate.ts applies them).
import type { DatabaseSync } from 'node:sqlite';

export interface Migration {
  version: number;
  name: string;
  up(db: DatabaseSync): void;
}
