// Measuring several servers with the same requests, one after the other per request, so the load
// of a shared machine falls on all of them alike: exact per-request latency at one connection
// (performance.now around each fetch, body read to the end), row counts, and streamed dumps with
// or without gzip. Used by bench/resources-query.bench.mjs when BENCH_PUPPETDB is set.
import { request } from 'node:http';
import { loadavg } from 'node:os';

/** Plain answers unless asked: compression would add its own cost to every query's time. */
const IDENTITY = { 'accept-encoding': 'identity' };

/** Rows in the answer of `url` (an array), or 1 for an object; `error` names a refusal's status. */
export async function rowsOf(url) {
  const res = await fetch(url, { headers: IDENTITY });
  const text = await res.text();
  if (res.status !== 200) return { error: `HTTP ${res.status}` };
  const json = JSON.parse(text);
  return { rows: Array.isArray(json) ? json.length : 1 };
}

/**
 * p50/p99 in ms of GET `url` repeated for `seconds` at one connection, after a 1 s warm-up;
 * `requests` counts the warm-up's too.
 */
export async function latency(url, seconds) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: IDENTITY });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - started;
  };
  let warmUp = 0;
  for (let end = performance.now() + 1000; performance.now() < end; warmUp++) await once();
  const times = [];
  for (let end = performance.now() + seconds * 1000; performance.now() < end || times.length < 3; ) {
    times.push(await once());
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: at(0.5), p99: at(0.99), n: times.length, requests: warmUp + times.length };
}

/** Streams `url` once with `acceptEncoding`, counting bytes on the wire; seconds until the last byte. */
export function dump(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({
          seconds: (performance.now() - started) / 1000,
          bytes,
          encoding: res.headers['content-encoding'] ?? 'identity',
          status: res.statusCode,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The 1-minute load average, for the record beside the figures. */
export function load1() {
  return loadavg()[0].toFixed(1);
}
