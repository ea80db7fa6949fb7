// A comment's row id is its place in the inbox's order: the second it was created, shifted left by
// 20 bits, plus a sequence number for comments of the same second. Every index on the inbox then
// ends in time order for free (SQLite appends the row id to each index entry), so "newest first"
// is a backwards walk of an index that stops after one page, and the full-text index, whose row
// ids are the same, can be walked newest first too. Seconds (not milliseconds) keep the ids below
// 2^53, so they stay exact JavaScript numbers up to the year 2242.
//
// Inside one second the sequence follows arrival, not the contract's tie-break (the key): the
// query code fetches a whole second whenever a page starts or ends inside one and sorts it itself.

export const SEQUENCE_BITS = 20;
const PER_SECOND = 2 ** SEQUENCE_BITS;
/** 2^33 seconds after 1970: the year 2242. */
export const LAST_SECOND = 2 ** 33 - 1;

/** The epoch second of a normalized ISO timestamp. */
export function secondOf(createdMs: number): number {
  return Math.floor(createdMs / 1000);
}

/** The smallest id of a second. */
export function firstIdOf(second: number): number {
  return second * PER_SECOND;
}

/** The id just past a second's range. */
export function endIdOf(second: number): number {
  return (second + 1) * PER_SECOND;
}

export function secondOfId(id: number): number {
  return Math.floor(id / PER_SECOND);
}

export function isStorableSecond(second: number): boolean {
  return Number.isInteger(second) && second >= 0 && second <= LAST_SECOND;
}

export const SEQUENCE_LIMIT = PER_SECOND;
