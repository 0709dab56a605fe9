import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFiles } from "../../db/schema/index.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, useTestApp } from "../../test-support/harness.ts";
import {
  fixture,
  formPart as part,
  multipartForm as form,
  multipartFile,
  uploadFixture,
} from "../../test-support/multipart.ts";
import { createMedia } from "./media.service.ts";

const execFileAsync = promisify(execFile);

// Small limits so "too large" needs only small files: images 2 KB, audio 20 KB.
const t = useTestApp({
  as: "admin",
  config: { IMAGE_MAX_MB: String(2 / 1024), AUDIO_MAX_MB: String(20 / 1024) },
});

const mediaDir = () => path.join(t.config.media.dir);
/** Every file under the media folder, temporary ones included. */
function filesOnDisk(): string[] {
  const dir = mediaDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function upload(content: Buffer, filename: string, contentType: string, kind?: "image" | "audio") {
  const { payload, headers } = multipartFile(content, filename, contentType);
  return t.app.inject({
    method: "POST",
    url: `/api/v1/user/upload${kind ? `?kind=${kind}` : ""}`,
    payload,
    headers: { ...headers, ...bearer(t.token) },
  });
}

const rawUpload = (payload: string | Buffer, contentType: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/user/upload",
    payload,
    headers: { "content-type": contentType, ...bearer(t.token) },
  });

const tone = fixture("tone.mp3");

describe("POST /api/v1/user/upload accepts", () => {
  it.each([
    ["cover.png", "image/png", "image"],
    ["cover.gif", "image/gif", "image"],
    ["cover.jpg", "image/jpeg", "image"],
  ])("%s as %s", async (name, type, kind) => {
    const res = await upload(fixture(name), name, type);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ kind, contentType: type, bytes: fixture(name).length, duration: null });
    expect(data.secure_url).toMatch(
      new RegExp(`^http://localhost(:\\d+)?/media/${kind}/[\\w-]{22}\\.(png|gif|jpg)$`),
    );
    const served = await t.app.inject({ method: "GET", url: new URL(data.secure_url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(fixture(name))).toBe(true);
    expect(served.headers["content-type"]).toBe(type);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("an MP3, with the duration read from the file", async () => {
    const res = await upload(tone, "tone.mp3", "audio/mpeg", "audio");
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ kind: "audio", contentType: "audio/mpeg", bytes: tone.length });
    // sox made a 2-second tone; MP3 framing adds a few milliseconds.
    expect(data.duration).toBeGreaterThan(1.9);
    expect(data.duration).toBeLessThan(2.2);
  });

  it("without ?kind, the kind the file part declares: its type, else its name, else an image", async () => {
    const byType = await upload(tone, "recording", "audio/mpeg");
    expect(byType.statusCode, byType.body).toBe(200);
    expect(byType.json().data.kind).toBe("audio");
    const byName = await upload(tone, "tone.mp3", "application/octet-stream");
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.kind).toBe("audio");
    const undeclared = await upload(fixture("cover.png"), "blob", "application/octet-stream");
    expect(undeclared.statusCode, undeclared.body).toBe(200);
    expect(undeclared.json().data.kind).toBe("image");
  });

  it("the Cloudinary text fields the spec's client sends beside the file (upload_preset, cloud_name, folder), before or after it", async () => {
    const png = fixture("cover.png");
    const preset = part("b", "upload_preset", "serene");
    const cloud = part("b", "cloud_name", "demo");
    const folder = part("b", "folder", "covers");
    const file = part("b", "file", png, "a.png");
    for (const parts of [
      [preset, cloud, folder, file],
      [file, preset, cloud, folder],
      [cloud, file, folder],
      [folder, file],
    ]) {
      const res = await rawUpload(form("b", ...parts), "multipart/form-data; boundary=b");
      expect(res.statusCode, res.body).toBe(200);
      const served = await t.app.inject({ method: "GET", url: new URL(res.json().data.secure_url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
    }
  });

  it("a file name with ../ never reaches the disk: the key is random", async () => {
    const res = await upload(fixture("cover.png"), "../../../etc/evil.png", "image/png");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.secure_url).not.toContain("evil");
    expect(filesOnDisk().every((f) => f.startsWith(mediaDir()))).toBe(true);
  });
});

describe("POST /api/v1/user/upload refuses, leaving nothing on disk", () => {
  const cases: [string, () => Buffer, string, string, "image" | "audio" | undefined, number, RegExp][] = [
    [
      "a PNG renamed .mp3, sent as audio",
      () => fixture("cover.png"),
      "song.mp3",
      "audio/mpeg",
      "audio",
      415,
      /MP3/,
    ],
    ["an MP3 renamed .png, sent as an image", () => tone, "cover.png", "image/png", "image", 415, /image/],
    [
      "a PNG named .mp3, without ?kind",
      () => fixture("cover.png"),
      "song.mp3",
      "audio/mpeg",
      undefined,
      415,
      /MP3/,
    ],
    [
      "an MP3 sent without ?kind as a file of no declared kind",
      () => tone,
      "blob",
      "application/octet-stream",
      undefined,
      415,
      /image/,
    ],
    [
      "a truncated MP3",
      () => tone.subarray(0, tone.length - 100),
      "cut.mp3",
      "audio/mpeg",
      "audio",
      400,
      /truncated/,
    ],
    [
      "an ID3 tag with no audio",
      () =>
        Buffer.concat([
          Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0014", "latin1"),
          Buffer.alloc(20),
        ]),
      "tag.mp3",
      "audio/mpeg",
      undefined,
      415,
      /no MP3 audio/,
    ],
    ["a 0-byte file", () => Buffer.alloc(0), "empty.png", "image/png", undefined, 400, /empty/],
    [
      "an image over the limit",
      () => Buffer.concat([fixture("cover.png"), Buffer.alloc(4096)]),
      "big.png",
      "image/png",
      undefined,
      413,
      /PNG files can be at most/,
    ],
    [
      "an MP3 over the limit",
      () => Buffer.concat([tone, tone, tone]),
      "long.mp3",
      "audio/mpeg",
      undefined,
      413,
      /MP3 files can be at most/,
    ],
    [
      "an SVG with a script",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.png",
      "image/png",
      undefined,
      415,
      /Unsupported file/,
    ],
    [
      "a truncated PNG",
      () => fixture("cover.png").subarray(0, 400),
      "half.png",
      "image/png",
      undefined,
      400,
      /truncated/,
    ],
  ];

  it.each(cases)("%s", async (_name, content, filename, type, kind, status, message) => {
    const before = filesOnDisk();
    const res = await upload(content(), filename, type, kind);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status: false, message: expect.stringMatching(message) });
    expect(filesOnDisk()).toEqual(before);
  });

  it("a request without a file, or not multipart", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/upload",
      payload: {},
      headers: bearer(t.token),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart/);
  });

  it("a malformed multipart body: no boundary, or garbage", async () => {
    for (const [payload, type] of [
      ["hello", "multipart/form-data"],
      ["this is not a multipart body at all", "multipart/form-data; boundary=xyz"],
      [
        `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${"x".repeat(50)}`,
        "multipart/form-data; boundary=xyz",
      ],
    ] as const) {
      const res = await rawUpload(payload, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        status: false,
        code: "bad_request",
        message: expect.stringMatching(/multipart|interrupted/i),
      });
    }
    expect(filesOnDisk().filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  it("a file under another field name, a second file, or another field", async () => {
    const png = fixture("cover.png");
    const before = filesOnDisk();
    for (const [payload, message] of [
      [form("b", part("b", "avatar", png, "a.png")), /field `file`/],
      [form("b", part("b", "file", png, "a.png"), part("b", "file", png, "b.png")), /exactly one file/],
      [form("b", part("b", "file", png, "a.png"), part("b", "other", png, "b.png")), /exactly one file/],
      [form("b", part("b", "note", "hello"), part("b", "file", png, "a.png")), /field `note`/],
      [form("b", part("b", "file", png, "a.png"), part("b", "note", "hello")), /field `note`/],
      // Beside the ignored Cloudinary fields, the same: one file, no other field.
      [
        form("b", part("b", "folder", "x"), part("b", "file", png, "a.png"), part("b", "file", png, "b.png")),
        /A second file/,
      ],
      [
        form(
          "b",
          part("b", "upload_preset", "x"),
          part("b", "api_key", "k"),
          part("b", "file", png, "a.png"),
        ),
        /field `api_key`/,
      ],
      [
        form("b", part("b", "file", png, "a.png"), part("b", "cloud_name", "x"), part("b", "signature", "s")),
        /field `signature`/,
      ],
      // An ignored name is a text field: a file under it is refused.
      [form("b", part("b", "folder", png, "f.png"), part("b", "file", png, "a.png")), /field `folder`/],
      [form("b", part("b", "upload_preset", "x")), /No file/],
    ] as const) {
      const res = await rawUpload(payload, "multipart/form-data; boundary=b");
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        status: false,
        code: "bad_request",
        message: expect.stringMatching(message),
      });
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it("a declared size over every limit, before reading the body", async () => {
    const { payload, headers } = multipartFile(tone, "x.mp3", "audio/mpeg");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/upload",
      payload,
      headers: { ...headers, ...bearer(t.token), "content-length": String(50 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("images whose header claims too many pixels", () => {
  // Tiny files whose headers claim a size; nothing here decodes them.
  const png = (width: number, height: number) => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
    };
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", Buffer.alloc(16)),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  };
  const gif = (width: number, height: number) => {
    const screen = Buffer.alloc(7);
    screen.writeUInt16LE(width, 0);
    screen.writeUInt16LE(height, 2);
    return Buffer.concat([Buffer.from("GIF89a", "latin1"), screen, Buffer.from([0x3b])]);
  };
  /** A JFIF header, a 1200-byte APP1 segment to skip, then the frame with the size. */
  const jpeg = (width: number, height: number) => {
    const segment = (marker: number, data: Buffer) => {
      const head = Buffer.from([0xff, marker, 0, 0]);
      head.writeUInt16BE(data.length + 2, 2);
      return Buffer.concat([head, data]);
    };
    const frame = Buffer.from([8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
    frame.writeUInt16BE(height, 1);
    frame.writeUInt16BE(width, 3);
    return Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xe0, Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1")),
      segment(0xe1, Buffer.alloc(1200, 0x41)),
      segment(0xc0, frame),
      Buffer.from([0xff, 0xd9]),
    ]);
  };

  it.each([
    ["a PNG of 30000 × 30000", () => png(30_000, 30_000), "a.png", "image/png"],
    ["a PNG claiming 1000000 × 1000000", () => png(1_000_000, 1_000_000), "a.png", "image/png"],
    ["a PNG 12001 pixels wide and 1 high", () => png(12_001, 1), "a.png", "image/png"],
    ["a GIF of 65535 × 2", () => gif(65_535, 2), "a.gif", "image/gif"],
    [
      "a JPEG of 8000 × 8000 (64 megapixels), its frame after other segments",
      () => jpeg(8000, 8000),
      "a.jpg",
      "image/jpeg",
    ],
  ])(
    "refuses %s with 413 naming the limit, leaving nothing on disk",
    async (_name, content, filename, type) => {
      const before = filesOnDisk();
      const res = await upload(content(), filename, type);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({
        status: false,
        code: "payload_too_large",
        message: expect.stringMatching(/at most 12000 pixels on a side and 40 megapixels/),
      });
      expect(filesOnDisk()).toEqual(before);
    },
  );

  it.each([
    ["a PNG of 12000 × 3333 (just under 40 megapixels)", () => png(12_000, 3333), "a.png", "image/png"],
    ["a GIF of 6000 × 6000", () => gif(6000, 6000), "a.gif", "image/gif"],
    ["a JPEG of 4000 × 3000", () => jpeg(4000, 3000), "a.jpg", "image/jpeg"],
  ])("takes %s", async (_name, content, filename, type) => {
    const res = await upload(content(), filename, type);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses a JPEG whose scan starts before any frame says its size", async () => {
    const noFrame = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]),
      Buffer.from([0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]),
    ]);
    const res = await upload(noFrame, "a.jpg", "image/jpeg");
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/does not say its size/);
  });
});

describe("GET /media/<key>", () => {
  let url: string;
  beforeAll(async () => {
    const own = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/upload",
      ...(() => {
        const m = multipartFile(fixture("cover.jpg"), "c.jpg", "image/jpeg");
        return { payload: m.payload, headers: { ...m.headers, ...bearer(t.token) } };
      })(),
    });
    url = new URL(own.json().data.secure_url).pathname;
  });
  const jpg = fixture("cover.jpg");
  const range = (r: string) => t.app.inject({ method: "GET", url, headers: { range: r } });

  it("serves the first bytes of a range", async () => {
    const res = await range("bytes=0-9");
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 0-9/${jpg.length}`);
    expect(res.rawPayload.equals(jpg.subarray(0, 10))).toBe(true);
  });

  it("serves a middle range", async () => {
    const res = await range("bytes=100-199");
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(jpg.subarray(100, 200))).toBe(true);
  });

  it("serves a suffix range", async () => {
    const res = await range("bytes=-100");
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(jpg.subarray(jpg.length - 100))).toBe(true);
  });

  it("answers 416 for a range past the end", async () => {
    const res = await range(`bytes=${jpg.length + 10}-`);
    expect(res.statusCode).toBe(416);
  });

  it("answers HEAD, caches for a year, and revalidates with the ETag", async () => {
    const head = await t.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(jpg.length));
    expect(head.body).toBe("");
    expect(head.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(head.headers["accept-ranges"]).toBe("bytes");
    expect(head.headers["last-modified"]).toBeTruthy();
    const again = await t.app.inject({
      method: "GET",
      url,
      headers: { "if-none-match": String(head.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers 416 with the file's length, and clamps a range that runs past the end", async () => {
    const past = await range(`bytes=${jpg.length + 10}-`);
    expect(past.headers["content-range"]).toBe(`bytes */${jpg.length}`);
    const clamped = await range(`bytes=${jpg.length - 5}-${jpg.length + 1000}`);
    expect(clamped.statusCode).toBe(206);
    expect(clamped.headers["content-range"]).toBe(`bytes ${jpg.length - 5}-${jpg.length - 1}/${jpg.length}`);
    expect(clamped.headers["content-length"]).toBe("5");
    expect(clamped.headers["content-type"]).toBe("image/jpeg");
    expect(clamped.rawPayload.equals(jpg.subarray(jpg.length - 5))).toBe(true);
  });

  it("answers the whole file for several ranges, a malformed range, or an If-Range that no longer matches", async () => {
    for (const headers of [
      { range: "bytes=0-9,20-29" },
      { range: "pages=1-2" },
      { range: "bytes=0-9", "if-range": 'W/"stale"' },
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.rawPayload.equals(jpg), JSON.stringify(headers)).toBe(true);
    }
    const { etag } = (await t.app.inject({ method: "HEAD", url })).headers;
    const fresh = await t.app.inject({
      method: "GET",
      url,
      headers: { range: "bytes=0-9", "if-range": String(etag) },
    });
    expect(fresh.statusCode).toBe(206);
  });

  it("answers 304 without a body to a matching If-None-Match or a current If-Modified-Since, and the file to a stale one", async () => {
    const head = await t.app.inject({ method: "HEAD", url });
    const etag = String(head.headers.etag);
    const lastModified = String(head.headers["last-modified"]);
    for (const headers of [{ "if-none-match": `"other", ${etag}` }, { "if-modified-since": lastModified }]) {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const stale = await t.app.inject({ method: "GET", url, headers: { "if-none-match": 'W/"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(jpg)).toBe(true);
    const failed = await t.app.inject({ method: "GET", url, headers: { "if-match": 'W/"other"' } });
    expect(failed.statusCode).toBe(412);
  });

  it("streams a file larger than one disk read whole, and a range across reads", async () => {
    const key = "audio/BBBBBBBBBBBBBBBBBBBBBB.mp3";
    const big = Buffer.alloc(2.5 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7 + (i >> 11)) & 0xff;
    fs.mkdirSync(path.join(mediaDir(), "audio"), { recursive: true });
    fs.writeFileSync(path.join(mediaDir(), key), big);
    const whole = await t.app.inject({ method: "GET", url: `/media/${key}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/mpeg");
    expect(whole.headers["content-length"]).toBe(String(big.length));
    expect(whole.rawPayload.equals(big)).toBe(true);
    const across = await t.app.inject({
      method: "GET",
      url: `/media/${key}`,
      headers: { range: "bytes=1048000-2100000" },
    });
    expect(across.statusCode).toBe(206);
    expect(across.rawPayload.equals(big.subarray(1048000, 2100001))).toBe(true);
  });

  it("over real connections, downloads at once and one cut short each get their own bytes (the read buffers are reused)", async () => {
    const files = ["CCCCCCCCCCCCCCCCCCCCCC", "DDDDDDDDDDDDDDDDDDDDDD"].map((name, n) => {
      const bytes = Buffer.alloc(3.3 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * (n + 3) + (i >> 13) + n * 101) & 0xff;
      const key = `audio/${name}.mp3`;
      fs.mkdirSync(path.join(mediaDir(), "audio"), { recursive: true });
      fs.writeFileSync(path.join(mediaDir(), key), bytes);
      return { key, bytes };
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    const get = async (key: string, headers: Record<string, string> = {}) =>
      Buffer.from(await (await fetch(`${base}/media/${key}`, { headers })).arrayBuffer());
    // A download dropped after its first bytes.
    const cut = await fetch(`${base}/media/${files[0]!.key}`);
    const reader = cut.body!.getReader();
    await reader.read();
    await reader.cancel();
    const answers = await Promise.all(
      [...files, ...files, ...files]
        .map(({ key }) => get(key))
        .concat([get(files[1]!.key, { range: "bytes=1000000-3000000" })]),
    );
    answers
      .slice(0, 6)
      .forEach((got, i) => expect(got.equals(files[i % 2]!.bytes), `download ${i}`).toBe(true));
    expect(answers[6]!.equals(files[1]!.bytes.subarray(1000000, 3000001))).toBe(true);
    // fetch keeps its connections open: closed here, so the app's close does not wait for them.
    t.app.server.closeAllConnections();
  });

  it("answers 404 for unknown keys and never serves temporary files", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/media/image/AAAAAAAAAAAAAAAAAAAAAA.png" })).statusCode,
    ).toBe(404);
    fs.mkdirSync(path.join(mediaDir(), ".tmp"), { recursive: true });
    fs.writeFileSync(path.join(mediaDir(), ".tmp", "x.part"), "secret");
    expect((await t.app.inject({ method: "GET", url: "/media/.tmp/x.part" })).statusCode).toBe(404);
  });
});

describe("a refused upload over a real connection", () => {
  it("reads the rest of the body before answering, so a browser that sends it all first gets the answer", async () => {
    const own = await createTestApp();
    try {
      const adminToken = await login(own.app, (await buildUser(own.database.db, { role: "admin" })).email);
      await own.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = own.app.server.address() as { port: number };
      // A 6 MB "image" sent as audio: refused from its first bytes.
      const { payload, headers } = multipartFile(
        Buffer.concat([fixture("cover.png"), Buffer.alloc(6 * 1024 * 1024)]),
        "x.png",
        "image/png",
      );
      const result = await new Promise<{ status: number; flushed: boolean }>((resolve, reject) => {
        let flushed = false;
        const req = http.request(
          {
            port,
            host: "127.0.0.1",
            method: "POST",
            path: "/api/v1/user/upload?kind=audio",
            headers: { ...headers, ...bearer(adminToken), "content-length": payload.length },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, flushed }));
          },
        );
        req.on("error", reject);
        // Like a browser: the whole body goes out; "finish" fires only once the server has taken it.
        req.on("finish", () => {
          flushed = true;
        });
        req.end(payload);
        setTimeout(() => reject(new Error("the server stopped reading the body")), 20_000).unref();
      });
      expect(result).toEqual({ status: 415, flushed: true });
    } finally {
      await own.close();
    }
  });
});

describe("an upload slower than UPLOAD_MIN_BYTES_PER_SECOND over UPLOAD_STALL_SECONDS, over a real connection", () => {
  /**
   * Sends a request on a raw socket: `head` (request line and headers), then `body` in `chunk`-byte
   * pieces every `everyMs`, until the server answers and closes. Answers what came back, and
   * when the server closed relative to the first byte sent.
   */
  function trickle(port: number, head: string, body: Buffer, chunk: number, everyMs: number) {
    return new Promise<{ answer: string; closedAfterMs: number; sent: number }>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      const started = Date.now();
      let answer = "";
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on("connect", () => {
        socket.write(head);
        timer = setInterval(() => {
          if (sent >= body.length) return clearInterval(timer);
          socket.write(body.subarray(sent, sent + chunk));
          sent += chunk;
        }, everyMs);
      });
      socket.on("data", (data) => (answer += data.toString("latin1")));
      // The server may close while bytes are still on their way: a reset is a close too.
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started, sent });
      });
      setTimeout(() => reject(new Error(`no answer; got ${JSON.stringify(answer)}`)), 10_000).unref();
    });
  }
  /** The request's head; `extra` headers end with CRLF. */
  const request = (port: number, token: string, boundary: string, length: number, extra = "") =>
    `POST /api/v1/user/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  it("is answered 408 upload_too_slow and its connection closed, its partial file removed; a steady one gets through", async () => {
    const own = await createTestApp({ UPLOAD_MIN_BYTES_PER_SECOND: "1024", UPLOAD_STALL_SECONDS: "1" });
    try {
      const token = await login(own.app, (await buildUser(own.database.db, { role: "admin" })).email);
      await own.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = own.app.server.address() as { port: number };
      const files = () =>
        fs.existsSync(own.config.media.dir)
          ? fs
              .readdirSync(own.config.media.dir, { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
          : [];
      const tone = fixture("tone.mp3");
      const body = form("b", part("b", "file", tone, "tone.mp3", "audio/mpeg"));

      // 80 bytes a second: under the 1024 asked for. The file part is under way when it stalls.
      const slow = await trickle(port, request(port, token, "b", body.length), body, 8, 100);
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(slow.answer).toMatch(/connection: close/i);
      const envelope = JSON.parse(slow.answer.slice(slow.answer.indexOf("\r\n\r\n") + 4));
      expect(envelope).toMatchObject({
        status: false,
        code: "upload_too_slow",
        message: expect.stringMatching(/too slow \(under 1 KB\/s for 1 s\)/),
      });
      expect(slow.sent).toBeLessThan(body.length);
      // A second of stall, seen within a tenth of it: well before the body could have ended.
      expect(slow.closedAfterMs).toBeGreaterThanOrEqual(1000);
      expect(slow.closedAfterMs).toBeLessThan(2500);
      expect(files()).toEqual([]);

      // Stalled before any part arrives: the same.
      const idle = await trickle(
        port,
        request(port, token, "b", body.length),
        Buffer.from("--b\r\n"),
        1,
        400,
      );
      expect(idle.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(files()).toEqual([]);

      // 5 KB a second for about 1.7 s: over the pace through every window, stored.
      const head = request(port, token, "b", body.length, "Connection: close\r\n");
      const steady = await trickle(port, head, body, 512, 100);
      expect(steady.answer, steady.answer).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await own.close();
    }
  });
});

describe("orphan sweep", () => {
  it("removes old files no row points to, and keeps used and recent ones", async () => {
    const { media } = createMedia(t.config, t.database.db, { warn: () => {} });
    const used = await uploadFixture(t.app, t.token, "cover.png");
    const icon = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/interest",
      headers: bearer(t.token),
      payload: { name: "Kept", icon: used, position: 1 },
    });
    expect(icon.statusCode).toBe(200);
    const abandoned = await uploadFixture(t.app, t.token, "cover.gif");
    const fresh = await uploadFixture(t.app, t.token, "cover.jpg");
    const keyOfUrl = (url: string) => new URL(url).pathname.replace("/media/", "");
    const onDisk = (url: string) => path.join(mediaDir(), keyOfUrl(url));
    // The abandoned upload and the used one are two days old; the fresh one is new.
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const url of [used, abandoned]) fs.utimesSync(onDisk(url), old, old);

    const removed = await media.sweepOrphans();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(onDisk(abandoned))).toBe(false);
    // Its record goes with it; the used one's stays.
    const recorded = async (url: string) =>
      (
        await t.database.db
          .select()
          .from(mediaFiles)
          .where(eq(mediaFiles.key, keyOfUrl(url)))
      ).length;
    expect(await recorded(abandoned)).toBe(0);
    expect(await recorded(used)).toBe(1);
    expect(fs.existsSync(onDisk(used))).toBe(true);
    expect(fs.existsSync(onDisk(fresh))).toBe(true);
  });
});

describe("the upload's OpenAPI description", () => {
  it("is a multipart/form-data form with its `file` field and the `kind` query", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const upload = doc.paths["/api/v1/user/upload"].post;
    expect(upload.requestBody.content["multipart/form-data"].schema).toMatchObject({
      required: ["file"],
      properties: { file: { type: "string", format: "binary" } },
    });
    expect(upload.parameters).toContainEqual(
      expect.objectContaining({
        in: "query",
        name: "kind",
        schema: { type: "string", enum: ["image", "audio"] },
      }),
    );
  });
});

describe("temporary file sweep", () => {
  it("the scheduled jobs remove upload leftovers older than an hour and keep fresh ones", async () => {
    const { storage } = createMedia(t.config, t.database.db, { warn: () => {} });
    fs.mkdirSync(storage.tempDir, { recursive: true });
    const stale = path.join(storage.tempDir, "crashed.part");
    const fresh = path.join(storage.tempDir, "under-way.part");
    fs.writeFileSync(stale, Buffer.alloc(1024));
    fs.writeFileSync(fresh, Buffer.alloc(1024));
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(stale, old, old);

    const result = await t.app.jobs.runOnce();
    expect(result.temporaryFilesRemoved).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});

describe("the media signing key kept in DATA_DIR", () => {
  it("is one key when several instances start on one folder at the same moment", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-signing-key-"));
    const service = fileURLToPath(new URL("./signing-secret.ts", import.meta.url));
    // Each waits for the same moment once loaded, then reads or makes the key.
    const script = `import { signingSecret } from ${JSON.stringify(service)};
      while (Date.now() < Number(process.argv[2]));
      process.stdout.write(signingSecret({ dataDir: process.argv[1], media: {} }));`;
    const startAt = String(Date.now() + 4000);
    // Separate processes, as instances are: they race on the file for real.
    const keys = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { stdout } = await execFileAsync(process.execPath, [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          script,
          dataDir,
          startAt,
        ]);
        return stdout;
      }),
    );
    const kept = fs.readFileSync(path.join(dataDir, "media-signing.key"), "utf8");
    expect(kept).toMatch(/^[\w-]{43}$/);
    expect(new Set(keys)).toEqual(new Set([kept]));
    // Only the key: no draft left beside it.
    expect(fs.readdirSync(dataDir)).toEqual(["media-signing.key"]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
