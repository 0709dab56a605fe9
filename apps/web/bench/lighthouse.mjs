// Lighthouse on every public page and on the listener app (npm run bench:web, after npm run build).
//
// Starts the built server on a free port with a throwaway data directory, runs Lighthouse with
// its default mobile preset (simulated slow 4G and a mid-range phone) in the system Chromium, and
// prints per page: the four category scores, largest contentful paint, and the JavaScript and
// total bytes transferred. Each page is measured RUNS times (default 3) and the run with the
// median performance score is reported, since one Lighthouse run varies with the machine's load.
// Exits with 1 when a score is under the target (95) or a page's JavaScript over its budget
// (50 KiB transferred, that is compressed; public pages only). A page that asks not to be indexed
// (its own robots meta: /listen) is scored on SEO without the crawlability audit.
//
// The listener app is measured on a second server with the demo data: signed in as the demo
// listener (its cookies set in the tab Lighthouse measures in, as after signing in), with the demo code
// redeemed and a mood chosen, on its home (/listen), a content page (the player's page: the full
// player opens only by a tap) and the first series its home lists; and on /listen signed out.
// The business portal is measured on that server too: its sign-in page (/business/portal signed
// out), then, signed in by the e-mailed link as the demo business's buyer (its session cookie and
// stored sign-in kept in the tab Lighthouse measures in), each of its sections (the portal's
// paths in portalPagePaths: overview, seats, invite, staff list, billing, ...). BENCH_ONLY=public,
// BENCH_ONLY=listen or BENCH_ONLY=portal measures one of the three. The signed-in tabs are made in
// signed-in-tabs.mjs.
//
// CHROME_PATH overrides the browser (default /usr/bin/chromium); SERVER_ENTRY the server script
// (default apps/api/dist/server.js); REPORT_DIR keeps the median run's report of each page.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { demoListener, listenerTab, signInToPortal } from "./signed-in-tabs.mjs";

const TARGET = 95;
const JS_BUDGET_KIB = 50;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const serverEntry = path.resolve(process.env.SERVER_ENTRY ?? path.join(root, "apps/api/dist/server.js"));
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const webBuild = path.join(root, "apps/web/build/client/index.html");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// REPORT_DIR keeps each page's median Lighthouse report (JSON) there, to see what to fix.
const reportDir = process.env.REPORT_DIR;
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A list of page paths in packages/contract/src/routes.ts, the one list the router and the server share. */
function pagePaths(name) {
  const source = fs.readFileSync(path.join(root, "packages/contract/src/routes.ts"), "utf8");
  const list = new RegExp(`export const ${name} = \\[([^\\]]*)\\]`).exec(source)?.[1];
  if (!list) throw new Error(`${name} not found in packages/contract/src/routes.ts`);
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
}

const publicPages = () => pagePaths("publicPagePaths");

/** The portal's sections (overview, seats, invite, ...). */
const portalSections = () => pagePaths("portalPagePaths");

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Three minutes: with the demo data, the server seeds its audio (measured and decoded) before it listens,
// which takes over a minute on a busy machine.
async function waitForHealth(origin, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit code ${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${origin}/api/health within ${timeoutMs / 1000} s`);
}

/**
 * Whether the page asks not to be indexed by its own robots meta tag (the listener app: personal
 * pages, nothing for a search engine). Lighthouse's crawlability audit
 * fails such a page by design; its SEO is scored on the other audits.
 */
function noindexed(lhr) {
  const crawlable = lhr.audits["is-crawlable"];
  return (
    crawlable?.score === 0 &&
    (crawlable.details?.items ?? []).some((item) =>
      /<meta name="robots"[^>]*noindex/.test(item.source?.snippet),
    )
  );
}

/** A category's score as Lighthouse weighs it (its scored audits' weighted mean), less `left` audits. */
function scoreWithout(lhr, category, left) {
  const scored = lhr.categories[category].auditRefs.filter((ref) => {
    const audit = lhr.audits[ref.id];
    return (
      ref.weight > 0 &&
      !left.includes(ref.id) &&
      audit.score !== null &&
      audit.scoreDisplayMode !== "notApplicable"
    );
  });
  const weight = scored.reduce((sum, ref) => sum + ref.weight, 0);
  return weight && scored.reduce((sum, ref) => sum + ref.weight * lhr.audits[ref.id].score, 0) / weight;
}

function summarise(pagePath, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const noindex = noindexed(lhr);
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    page: pagePath,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: noindex ? Math.round(scoreWithout(lhr, "seo", ["is-crawlable"]) * 100) : score("seo"),
    noindex,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    jsKiB: bytes("script") / 1024,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    warnings: lhr.runWarnings ?? [],
    totalKiB: bytes("total") / 1024,
    failing: Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
      )
      .filter((audit) => audit.scoreDisplayMode !== "notApplicable" && audit.scoreDisplayMode !== "manual")
      .filter((audit) => !(noindex && audit.id === "is-crawlable"))
      .map((audit) => audit.id),
  };
}

function printTable(rows) {
  const header = ["Page", "Perf", "A11y", "Best pr.", "SEO", "LCP", "JS (transfer)", "Total (transfer)"];
  const lines = rows.map((r) => [
    r.page,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    r.noindex ? `${r.seo}*` : String(r.seo),
    `${(r.lcpMs / 1000).toFixed(2)} s`,
    `${r.jsKiB.toFixed(1)} KiB`,
    `${r.totalKiB.toFixed(1)} KiB`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(" | ")} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const line of lines) console.log(format(line));
}

/** Starts the built server on a free port and a throwaway data directory, runs `work`, stops it. */
async function withServer(env, work) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-lighthouse-"));
  // The server reads a copy of the web build, so a rebuild during the measurement changes nothing.
  const webCopy = path.join(dataDir, "web");
  fs.cpSync(path.dirname(webBuild), webCopy, { recursive: true });
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: webCopy,
      DATABASE_URL: "",
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth(origin, server);
    return await work(origin, dataDir);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse `runs` times on one page; answers the run with the median performance score. */
async function measure(chrome, url, label, { page } = {}) {
  const measured = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${label}`);
    const { runtimeError } = result.lhr;
    if (runtimeError) console.error(`  ${label}: ${runtimeError.code}: ${runtimeError.message}`);
    else measured.push({ ...summarise(label, result.lhr), lhr: result.lhr });
  }
  if (measured.length === 0) throw new Error(`every Lighthouse run of ${label} failed`);
  measured.sort((a, b) => a.performance - b.performance);
  console.error(`measured ${label}: performance ${measured.map((r) => r.performance).join(", ")}`);
  const { lhr, ...median } = measured[Math.floor(measured.length / 2)];
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const file = path.join(reportDir, `${label.replace(/^\//, "").replace(/[^\w-]+/g, "_") || "home"}.json`);
    fs.writeFileSync(file, JSON.stringify(lhr));
  }
  return median;
}

async function main() {
  for (const [file, what] of [
    [serverEntry, "the API server"],
    [webBuild, "the web app"],
  ]) {
    if (!fs.existsSync(file))
      throw new Error(`${what} is not built (${path.relative(root, file)}): run npm run build`);
  }
  const only = process.env.BENCH_ONLY;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const rows = [];
  const listenRows = [];
  const portalRows = [];
  let origin = "";
  try {
    if (!only || only === "public") {
      await withServer({}, async (at) => {
        origin = at;
        for (const pagePath of publicPages()) rows.push(await measure(chrome, `${at}${pagePath}`, pagePath));
      });
    }
    if (only !== "public") {
      await withServer({ DEMO_DATA: "true" }, async (at, dataDir) => {
        origin = at;
        if (only !== "portal") {
          listenRows.push(await measure(chrome, `${at}/listen`, "/listen (signed out)"));
          const { setCookies, contentPath, seriesPath } = await demoListener(at, dataDir);
          if (!seriesPath) console.log("The demo listener's home lists no series: no series page measured.");
          const { browser, page } = await listenerTab(chrome, at, setCookies);
          try {
            for (const pagePath of ["/listen", contentPath, ...(seriesPath ? [seriesPath] : [])]) {
              listenRows.push(await measure(chrome, `${at}${pagePath}`, pagePath, { page }));
            }
          } finally {
            await browser.disconnect();
          }
        }
        if (only !== "listen") {
          portalRows.push(await measure(chrome, `${at}/business/portal`, "/business/portal (sign-in)"));
          const { browser, page } = await signInToPortal(chrome, at, dataDir);
          try {
            for (const section of portalSections())
              portalRows.push(
                await measure(
                  chrome,
                  `${at}${section}`,
                  section === "/business/portal" ? `${section} (overview)` : section,
                  { page },
                ),
              );
          } finally {
            await browser.disconnect();
          }
        }
      });
    }
  } finally {
    await chrome.kill();
  }
  const all = [...rows, ...listenRows, ...portalRows];
  console.log(
    `\nLighthouse 12, mobile preset, median of ${runs} run(s) per page, on ${origin} (Chromium: ${chromePath})` +
      (listenRows.length ? "; /listen pages signed in as the demo listener" : "") +
      (portalRows.length ? "; the portal's sections signed in as the demo business's buyer" : "") +
      "\n",
  );
  printTable(all);
  if (all.some((r) => r.noindex))
    console.log("\n* noindex page (its own robots meta): SEO without the crawlability audit.");
  const indexes = all.map((r) => r.benchmarkIndex).sort((a, b) => a - b);
  const warnings = new Set(all.flatMap((r) => r.warnings));
  for (const warning of warnings) console.log(`\nLighthouse: ${warning}`);
  console.log(
    `\nHost CPU benchmark index (median): ${Math.round(indexes[Math.floor(indexes.length / 2)])}. ` +
      "Lighthouse's simulated timings scale the CPU time it observes, so a slow or busy machine lowers performance.",
  );
  const below = all.filter((r) =>
    [r.performance, r.accessibility, r.bestPractices, r.seo].some((score) => score < TARGET),
  );
  if (below.length) {
    console.log(`\nBelow ${TARGET}:`);
    for (const r of below) console.log(`  ${r.page}: audits under 0.9: ${r.failing.join(", ") || "none"}`);
    process.exitCode = 1;
  } else {
    console.log(`\nEvery score is at least ${TARGET}.`);
  }
  // The budget is the public pages': the listener app is an app, loaded only under /listen.
  const heavy = rows.filter((r) => r.jsKiB > JS_BUDGET_KIB);
  for (const r of heavy)
    console.log(`${r.page}: ${r.jsKiB.toFixed(1)} KiB of JavaScript, over ${JS_BUDGET_KIB} KiB`);
  if (heavy.length) process.exitCode = 1;
  else if (rows.length) console.log(`Every public page ships at most ${JS_BUDGET_KIB} KiB of JavaScript.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
