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

/** One part of a multipart/form-data body: a text field, or a file when it has a `filename`. */
export function formPart(
  boundary: string,
  name: string,
  content: Buffer | string,
  filename?: string,
  contentType = "image/png",
) {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\n` +
        (filename ? `Content-Type: ${contentType}\r\n` : "") +
        "\r\n",
    ),
    Buffer.from(content),
    Buffer.from("\r\n"),
  ]);
}

/** A multipart/form-data body of these parts (from `formPart`), in this order. */
export const multipartForm = (boundary: string, ...parts: Buffer[]) =>
  Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);

/** Uploads a fixture through POST /upload and answers its URL. */
export async function uploadFixture(
  app: {
    inject: (
      opts: object,
    ) => Promise<{ statusCode: number; body: string; json: () => { data: { secure_url: string } } }>;
  },
  token: string,
  name: string,
): Promise<string> {
  const type = { png: "image/png", gif: "image/gif", jpg: "image/jpeg", mp3: "audio/mpeg" }[
    name.split(".").pop()!
  ]!;
  const { payload, headers } = multipartFile(fixture(name), name, type);
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/user/upload",
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.secure_url;
}
