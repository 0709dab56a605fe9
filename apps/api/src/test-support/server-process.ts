import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { apiRoot } from "../config/env.ts";

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the real server (src/server.ts, or what `args` run) as its own process. */
export function startServer(
  env: Record<string, string>,
  args = ["--import", "tsx", "src/server.ts"],
): Running {
  let out = "";
  const child = spawn(process.execPath, args, {
    cwd: apiRoot(),
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DEMO_DATA: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, as a terminal gives a command: signals can go to the whole group.
    detached: true,
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits until the process has printed `text` (or fails when it exits or takes too long). */
export async function waitFor(running: Running, text: string | (() => boolean), ms = 90_000) {
  const until = Date.now() + ms;
  const done = typeof text === "string" ? () => running.output().includes(text) : text;
  while (!done()) {
    if (Date.now() > until || running.child.exitCode !== null) {
      throw new Error(`server never printed "${String(text)}":\n${running.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const LISTENING = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/;

/**
 * Waits until the server has started: its summary printed and its "Server listening" log line
 * read (the two come through one pipe, but the log line may arrive after the summary).
 */
export async function waitForStart(running: Running) {
  await waitFor(
    running,
    () => running.output().includes("Serene is running") && LISTENING.test(running.output()),
  );
}

/** The port a started server listens on, from its log (after `waitForStart`). */
export function port(running: Running): number {
  const found = LISTENING.exec(running.output())?.[1];
  if (!found) throw new Error(`no "Server listening" line yet:\n${running.output()}`);
  return Number(found);
}

/** A new, empty database on the PostgreSQL server of TEST_DATABASE_URL; answers its URL. */
export async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `serene_server_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where this project's server keeps its data: a PGlite folder, or a fresh PostgreSQL database. */
export async function freshStore(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-server-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { DATA_DIR: dataDir };
  return { DATA_DIR: dataDir, DATABASE_URL: await freshPostgresDatabase(serverUrl) };
}
