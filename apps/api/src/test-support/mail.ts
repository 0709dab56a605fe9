import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** A parsed e-mail: the headers the tests look at and the decoded text and HTML parts. */
export interface ParsedMail {
  raw: string;
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  replyTo: string | undefined;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, ""), "latin1");
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x3d && i + 2 < bytes.length) {
      const hex = bytes.toString("latin1", i + 1, i + 3);
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        out.push(parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    out.push(b);
  }
  return Buffer.from(out).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function splitHeaders(block: string): { headers: Record<string, string>; body: string } {
  const at = block.search(/\r?\n\r?\n/);
  const head = at === -1 ? block : block.slice(0, at);
  const body = at === -1 ? "" : block.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** The leaf parts of a MIME entity, with their content types. */
function leafParts(headers: Record<string, string>, body: string): { type: string; content: string }[] {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) {
    return [{ type: type.split(";")[0]!.trim().toLowerCase(), content: decodeBody(headers, body) }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .flatMap((part) => {
      // The line break before a boundary belongs to the boundary (RFC 2046).
      const inner = splitHeaders(part.replace(/^\r?\n/, "").replace(/\r?\n$/, ""));
      return leafParts(inner.headers, inner.body);
    });
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const parts = leafParts(headers, body);
  return {
    raw,
    headers,
    subject: decodeWords(headers.subject ?? ""),
    from: decodeWords(headers.from ?? ""),
    to: decodeWords(headers.to ?? ""),
    replyTo: headers["reply-to"] ? decodeWords(headers["reply-to"]) : undefined,
    text: (parts.find((p) => p.type === "text/plain")?.content ?? "").replace(/\r\n/g, "\n"),
    html: (parts.find((p) => p.type === "text/html")?.content ?? "").replace(/\r\n/g, "\n"),
  };
}

/** Every message in an outbox folder, oldest first, with its file name. */
export function readOutbox(dir: string): (ParsedMail & { file: string })[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => ({ file, ...parseMail(fs.readFileSync(path.join(dir, file), "utf8")) }));
}

/** The outbox messages sent to `address`. */
export const outboxFor = (dir: string, address: string) =>
  readOutbox(dir).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));

/** The distinct subscription codes (XXXX-XXXX-XXXX-XXXX) in a text; each also appears in its redeem link. */
export const codesIn = (text: string) => [
  ...new Set(text.match(/\b[2-9A-HJKMNP-TV-Z]{4}(?:-[2-9A-HJKMNP-TV-Z]{4}){3}\b/g) ?? []),
];

export interface ReceivedMail extends ParsedMail {
  envelopeFrom: string;
  envelopeTo: string[];
}

/**
 * A real SMTP server on a free local port (no TLS, no auth) that keeps what it receives.
 * `rejectNext` makes it refuse the next n messages with a temporary error (451).
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let rejections = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (rejections > 0) {
          rejections--;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          ...parseMail(raw),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext(n: number) {
      rejections = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` passes (polling), for e-mails sent in the background. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
