/**
 * One measured autocannon run: reads the server's CPU time (µs) before and after, refuses a run with
 * errors or non-2xx answers, and summarises it. Server CPU per request stays meaningful when other
 * processes compete for the cores, where req/s does not.
 *
 * @param {import('autocannon').Options} options autocannon options (url, duration, connections...)
 * @param {() => Promise<number>} readServerCpu the server process's user + system CPU time in µs
 */
export async function measureRun(options, readServerCpu) {
  const { default: autocannon } = await import('autocannon');
  const before = await readServerCpu();
  const result = await autocannon(options);
  const cpuUs = (await readServerCpu()) - before;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: cpuUs / result.requests.total,
  };
}
