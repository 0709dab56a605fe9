/** Load generators that run outside the bench's own process, so they do not share its event loop. */
import { execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const autocannonBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("autocannon/package.json")),
  "autocannon.js",
);

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Load {
  rps: number;
  p50: number;
  p99: number;
}

/** autocannon in a child process: `connections` connections for `seconds` seconds. Every answer must be 2xx. */
export async function hammer(
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
  seconds = SECONDS,
): Promise<Load> {
  const args = [autocannonBin, "-j", "-c", String(connections), "-d", String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  const { stdout } = await run(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** curl (a client that is not the bottleneck) `times` times; answers the median seconds. */
export async function curlSeconds(args: string[], times = 5): Promise<number> {
  const seconds: number[] = [];
  for (let i = 0; i < times; i++) {
    const { stdout } = await run("curl", ["-sf", "-o", "/dev/null", "-w", "%{time_total}", ...args]);
    seconds.push(Number(stdout));
  }
  return median(seconds);
}

/**
 * One curl process fetching `urls` in turn (a, b, a, b…) `times` over on one kept-alive connection,
 * so that no process start falls between transfers of a few ms: per URL, the median seconds.
 */
export async function transfersInTurn<const Urls extends string[]>(
  times: number,
  headers: string[],
  urls: Urls,
): Promise<{ [K in keyof Urls]: number }> {
  const args = ["-sf", "-w", "%{time_total}\n", ...headers.flatMap((h) => ["-H", h])];
  for (let i = 0; i < times; i++) for (const url of urls) args.push("-o", "/dev/null", url);
  const { stdout } = await run("curl", args);
  const seconds = stdout.trim().split("\n").map(Number);
  return urls.map((_, j) => median(seconds.filter((_, k) => k % urls.length === j))) as {
    [K in keyof Urls]: number;
  };
}

/** Runs `fn` while sampling this process's RSS every 20 ms; answers the peak growth and the peak, in MB. */
export async function rssGrowth(fn: () => Promise<unknown>): Promise<{ growth: number; peak: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage.rss());
  return { growth: (peak - before) / 1024 / 1024, peak: peak / 1024 / 1024 };
}

/** Seconds from spawning `node args` until GET `url` answers 200; the process is stopped after. */
export async function startToHealthy(args: string[], env: NodeJS.ProcessEnv, url: string): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: "ignore" });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return (performance.now() - start) / 1000;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  }
}

/** A fresh, empty database `name` on the PostgreSQL server of `url` (dropped first if it exists); its URL. */
export async function freshPostgres(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
