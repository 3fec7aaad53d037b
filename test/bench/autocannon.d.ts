/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      timeout?: number;
      setupClient?: (client: any) => void;
      [key: string]: unknown;
    }
    interface Histogram {
      average: number;
      mean: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    }
    interface Result {
      duration: number;
      latency: Histogram;
      requests: Histogram & { total: number };
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
