// Runs the server as a child process and passes stop signals on (used by `npm start`).
import { spawn } from "node:child_process";

/**
 * Starts `node <args>` and leaves with its exit code. SIGINT and SIGTERM are passed on: a
 * terminal's Ctrl-C reaches the server twice (directly, as a member of the process group,
 * and from here); the server takes the copies of one Ctrl-C as one signal.
 */
export function supervise(args) {
  const server = spawn(process.execPath, args, {
    stdio: "inherit",
    env: { NODE_ENV: "production", ...process.env },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    });
  }
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
