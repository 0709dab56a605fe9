// `npm run dev`: the API with reload on :3000 and the web app's dev server (proxying /api to it).
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "@serene/api"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@serene/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
