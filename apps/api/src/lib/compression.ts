import { promisify } from "node:util";
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** The best encoding of ours the client accepts (Accept-Encoding with q-values; `*`: any). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (encoding: string) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gz = weight("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `body` compressed with `encoding`: `best` for bytes made once and sent many times (the web
 * pages), `quick` for bytes made per request (API answers).
 */
export function compress(
  body: Buffer | string,
  encoding: Encoding,
  effort: "best" | "quick",
): Promise<Buffer> {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  if (encoding === "gzip") {
    return gzip(bytes, { level: effort === "best" ? zlib.constants.Z_BEST_COMPRESSION : 6 });
  }
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: effort === "best" ? zlib.constants.BROTLI_MAX_QUALITY : 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}
