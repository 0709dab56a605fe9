import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
export const fixture = (name: string) => fs.readFileSync(path.join(fixturesDir, name));

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(content: Buffer, filename: string, contentType: string, field = "file") {
  const boundary = `----serene${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
