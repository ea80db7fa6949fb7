// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
    mismatches: number;
    timeouts: number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    /** Called with each answer's body; a falsy return counts the answer in `mismatches`. */
    verifyBody?: (body: string) => boolean;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
