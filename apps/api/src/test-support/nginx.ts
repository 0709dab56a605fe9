import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../config/env.ts";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
/** nginx's JavaScript module (Debian: libnginx-mod-http-js), which checks stream links. */
export const NGINX_JS_MODULE = process.env.NGINX_JS_MODULE ?? "/usr/lib/nginx/modules/ngx_http_js_module.so";
/** Why nginx cannot run here (with the package to install), or null when it can. */
export function nginxMissing(): string | null {
  if (!fs.existsSync(NGINX)) return `${NGINX} is missing (apt-get install nginx)`;
  if (!fs.existsSync(NGINX_JS_MODULE))
    return `${NGINX_JS_MODULE} is missing (apt-get install libnginx-mod-http-js)`;
  return null;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs Debian's nginx with the production example config (deploy/nginx/serene.conf) in front
 * of the app instances on `upstreamPorts` (one `server` line each), serving the media of
 * `dataDir` itself and checking stream links with the key the app keeps there. Answers its base
 * URL and a stop().
 */
export async function startNginx(dataDir: string, upstreamPorts: number | number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-nginx-"));
  const port = await freePort();
  const site = fs
    .readFileSync(path.join(repoRoot(), "deploy/nginx/serene.conf"), "utf8")
    .replaceAll("__LISTEN__", `127.0.0.1:${port}`)
    .replaceAll("__MEDIA_DIR__", path.join(dataDir, "media"))
    .replaceAll("__STREAM_LINK_JS__", path.join(repoRoot(), "deploy/nginx/stream-link.js"))
    .replaceAll("__MEDIA_KEY_FILE__", path.join(dataDir, "media-signing.key"))
    .replace(/^(\s*)server __UPSTREAM__;$/m, (_line, indent: string) =>
      [upstreamPorts]
        .flat()
        .map((p) => `${indent}server 127.0.0.1:${p};`)
        .join("\n"),
    );
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `load_module ${NGINX_JS_MODULE};
daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? "user root;" : ""}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${site}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
    try {
      await fetch(`${base}/media/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    base,
    stop: async () => {
      child.kill("SIGQUIT");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    },
  };
}
