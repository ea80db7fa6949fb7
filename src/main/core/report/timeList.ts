// The response times (or ages) a report gathers as it reads its items: tens of thousands of numbers
// a month. A plain array grown by push() kept them as JavaScript values on the collected heap (and
// copied them on each growth); here they sit in one typed array, doubled when full.
export class TimeList {
  #values = new Float64Array(1024);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const larger = new Float64Array(this.#values.length * 2);
      larger.set(this.#values);
      this.#values = larger;
    }
    this.#values[this.#length++] = value;
  }

  /** A sorted copy, smallest first. */
  sorted(): Float64Array {
    return this.#values.slice(0, this.#length).sort();
  }
}
