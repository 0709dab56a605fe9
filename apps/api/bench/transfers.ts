/** The bench's file transfers: downloads taken in turn with their comparator, and uploads of a big body. */
import fs from "node:fs";
import path from "node:path";
import { fixture } from "../src/test-support/multipart.ts";
import { curlSeconds, median } from "./load.ts";

export const DOWNLOADS = 9;

/**
 * curl downloads of each of `urls`, taken in turn (a, b, a, b…) so that a server and its comparator
 * meet the same moments of a shared machine: per URL, the median seconds of DOWNLOADS and the CPU
 * this process spent per download, in ms.
 */
export async function downloadsInTurn<const Urls extends string[]>(
  ...urls: Urls
): Promise<{ [K in keyof Urls]: { seconds: number; cpuMs: number } }> {
  const seconds = urls.map(() => [] as number[]);
  const cpuMs = urls.map(() => 0);
  for (let i = 0; i < DOWNLOADS; i++) {
    for (const [j, url] of urls.entries()) {
      const before = process.cpuUsage();
      seconds[j]!.push(await curlSeconds([url], 1));
      const cpu = process.cpuUsage(before);
      cpuMs[j]! += (cpu.user + cpu.system) / 1000 / DOWNLOADS;
    }
  }
  return urls.map((_, j) => ({ seconds: median(seconds[j]!), cpuMs: cpuMs[j]! })) as {
    [K in keyof Urls]: { seconds: number; cpuMs: number };
  };
}

/** A multipart body of `mb` MB of MP3 frames, written to a file (never held in memory). */
export function bodyFile(dir: string, mb: number) {
  const boundary = "----serenebench";
  const file = path.join(dir, `body-${mb}.bin`);
  const fd = fs.openSync(file, "w");
  fs.writeSync(
    fd,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tone = fixture("tone.mp3");
  for (let written = 0; written < mb * 1024 * 1024; written += tone.length) fs.writeSync(fd, tone);
  fs.writeSync(fd, `\r\n--${boundary}--\r\n`);
  fs.closeSync(fd);
  return {
    file,
    mb: fs.statSync(file).size / 1024 / 1024,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

export const upload = (
  body: ReturnType<typeof bodyFile>,
  url: string,
  headers: Record<string, string> = {},
) =>
  curlSeconds(
    [
      "-X",
      "POST",
      "-T",
      body.file,
      "-H",
      "Expect:",
      "-H",
      `content-type: ${body.type}`,
      ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
      url,
    ],
    3,
  );
