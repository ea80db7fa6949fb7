// A small seeded generator, so that one --seed always builds the same world and the same fault
// pattern. Math.random would make every test run a different world.

export class Random {
  private state: number;

  constructor(seed: number) {
    // Mix the seed so that neighbouring seeds (1, 2, 3) do not start from similar states.
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0;
  }

  /** Uniform in [0, 1): mulberry32. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A few distinct items, in the list's own order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }

  /** Heavy-tailed count (Pareto): most draws small, a few very large, capped. */
  pareto(scale: number, shape: number, cap: number): number {
    const u = 1 - this.next();
    return Math.min(cap, Math.floor(scale / Math.pow(u, 1 / shape) - scale));
  }

  digits(length: number): string {
    let out = String(this.int(1, 9));
    while (out.length < length) out += String(this.int(0, 9));
    return out;
  }

  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return out;
  }
}

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const HEX = '0123456789abcdef';
export const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const URL_SAFE = `${ALNUM}-_`;
