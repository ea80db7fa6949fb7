// Outbox file schema 2 (decision 0075): whether an item went out without the team server's check
// (solo multi-device mode, the server away) is the item's own, beside the hold in `last_error`, so
// its card keeps the warning across restarts. NULL (every row written before) reads as checked.
export const MIGRATION_SENT_UNCHECKED = `ALTER TABLE items ADD COLUMN sent_unchecked INTEGER;`;
