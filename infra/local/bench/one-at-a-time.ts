/**
 * One request at a time, as a person waits for a screen: `samples` GETs of `url` through the local
 * gateway (autocannon, one connection), then `samples` calls of the same service in this process.
 */
import autocannon from 'autocannon';

export interface Latencies {
  p50: number;
  p99: number;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function oneAtATime(
  url: string,
  cookie: string,
  samples: number,
  direct: () => Promise<unknown>,
): Promise<{ http: Latencies; direct: Latencies }> {
  const http = await autocannon({ url, connections: 1, amount: samples, headers: { cookie } });
  if (http.non2xx + http.errors > 0) throw new Error(`${url}: ${http.non2xx + http.errors} failed requests`);
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const before = performance.now();
    await direct();
    times.push(performance.now() - before);
  }
  times.sort((a, b) => a - b);
  return {
    http: { p50: http.latency.p50, p99: http.latency.p99 },
    direct: { p50: percentile(times, 50), p99: percentile(times, 99) },
  };
}
