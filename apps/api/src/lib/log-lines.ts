import pino from "pino";

/**
 * Pino's JSON lines as one readable line each, for a terminal: `14:03:07 INFO  GET /api/health 200
 * 1.2 ms`, then the entry's other fields as key=value and an error's stack below. The request line
 * already says its method, url, status and time; the process id, host and request id are left out.
 */
const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
const COLOURS: Record<number, string> = { 40: "\x1b[33m", 50: "\x1b[31m", 60: "\x1b[31m" };
const SHOWN_ELSEWHERE = new Set(["level", "time", "msg", "pid", "hostname", "reqId", "err"]);
const REQUEST_FIELDS = new Set(["method", "url", "status", "ms"]);

export function humanLogLine(json: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = Number(entry.level);
  const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const tint = colour ? COLOURS[level] : undefined;
  const isRequestLine = "status" in entry && "ms" in entry;
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN_ELSEWHERE.has(key) && !(isRequestLine && REQUEST_FIELDS.has(key)))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  return [
    `${time} ${tint ? `${tint}${name}\x1b[0m` : name} ${String(entry.msg ?? "")}`,
    ...(fields.length ? [`  ${fields.join(" ")}`] : []),
    ...(err ? [`\n${err.stack ?? err.message ?? ""}`] : []),
  ]
    .join("")
    .concat("\n");
}

/** A pino destination writing each entry to `out` as a human line (colours on a terminal). */
export function humanLogLines(out: NodeJS.WriteStream) {
  return { write: (line: string) => void out.write(humanLogLine(line, out.isTTY)) };
}

/** How long a written entry may wait in the buffer before it reaches the output. */
export const LOG_FLUSH_MS = 500;

/**
 * Standard output for JSON lines, written a few kilobytes at a time instead of one write per entry
 * (a busy server writes a line per request: one system call each was ~4% of a request's CPU, issue
 * 36). An entry waits at most LOG_FLUSH_MS; pino writes what is left when the process exits, and
 * server.ts flushes before it prints its start-up summary.
 */
export function batchedLogLines() {
  const out = pino.destination({ dest: 1, minLength: 4096, sync: false });
  setInterval(() => out.flush(), LOG_FLUSH_MS).unref();
  return out;
}
