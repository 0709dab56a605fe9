/** Query parameters whose values are secrets: tokens, codes, signatures, keys and the like. */
const SECRET_PARAM = /token|code|sig|key|secret|password|auth|otp|session/i;
const ENCODED = /[%+]/;

/**
 * A request URL fit for a log: the value of every query parameter named like a secret
 * (`token`, `code`, `sig`, `signature`, `key`, ...) replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const query = url.slice(start + 1);
  // A name is a part of the query as written unless it is encoded: when no part of the query reads
  // like a secret's name and nothing in it is encoded, no name does (most requests, checked at once).
  if (!SECRET_PARAM.test(query) && !ENCODED.test(query)) return url;
  const params = query.split("&").map((param) => {
    const eq = param.indexOf("=");
    if (eq === -1) return param;
    let name = param.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      // A malformed name is judged as it is written.
    }
    return SECRET_PARAM.test(name) ? `${param.slice(0, eq)}=[redacted]` : param;
  });
  return `${url.slice(0, start + 1)}${params.join("&")}`;
}
