/**
 * The HTTP half of bench/graphql.bench.sh: autocannon runs against the example runtime, each with the
 * runtime's CPU time per request (from /proc/<pid>/stat), which stays meaningful when other processes
 * compete for the cores, where req/s does not. Prints one JSON object: { name: { rps, cpu } } with cpu
 * in µs per request, the mean of the rounds.
 * Usage: node bench/graphql.bench.mjs <base url> <runtime pid> <seconds> <connections> <rounds>
 */
import { readFileSync } from 'node:fs';
import { measureRun } from './lib/measure.mjs';

const [base, pid, seconds, connections, rounds] = process.argv.slice(2);
const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux

function readServerCpu() {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Promise.resolve((Number(fields[11]) + Number(fields[12])) * TICK_US);
}

const post = (query) => ({
  url: `${base}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({ query }),
});
const runs = {
  static: { url: `${base}/graphql/schema.graphqls` },
  typename: post('{ __typename }'),
  small: post('{ AddressService { getAddresses(id: "a1") { id city } } }'),
  nested: post(
    '{ AddressService { getAddresses { id street city residents { id name address { city } relatives { name relatives { name } } } } } }',
  ),
};

const options = (run, duration) => ({ ...run, connections: Number(connections), duration });
// the JIT needs a few thousand requests of each kind before the figures mean anything
for (const run of Object.values(runs)) await measureRun(options(run, 10), readServerCpu);
const sums = {};
for (let round = 0; round < Number(rounds); round++) {
  for (const [name, run] of Object.entries(runs)) {
    const { rps, cpu } = await measureRun(options(run, Number(seconds)), readServerCpu);
    sums[name] ??= { rps: 0, cpu: 0 };
    sums[name].rps += rps / Number(rounds);
    sums[name].cpu += cpu / Number(rounds);
  }
}
console.log(JSON.stringify(sums));
