// Minimal types for autocannon (the package ships none): the options and result fields bench/server.bench.ts uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string; method?: string; headers?: Record<string, string>; body?: string; connections?: number;
      duration?: number; idReplacement?: boolean;
    }
    interface Histogram { average: number; p50: number; p99: number; max: number }
    interface Result { latency: Histogram; requests: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
