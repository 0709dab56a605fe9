// The browser tests drive Debian's Chromium (browsers are never downloaded). Installs it with
// apt-get when missing and we are root; otherwise says how.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!fs.existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (canInstall) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const run = (...args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
    if (!run("update", "-qq") || !run("install", "-y", "-qq", "chromium")) process.exit(1);
  } else {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}
