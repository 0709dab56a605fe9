import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import webpush from "web-push";
import { AppError } from "../../lib/errors.ts";

/** Addresses a push endpoint may not reach: a push endpoint is a URL the client chooses. */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  notPublic.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  notPublic.addSubnet(net, prefix, "ipv6");

/** Whether an IP address is a public unicast one (IPv4-mapped IPv6 judged as IPv4). */
export function isPublicAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (!family) return false;
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

const endpointError = (message: string) =>
  new AppError("validation_failed", `endpoint: ${message}`, [{ field: "endpoint", message }]);

/**
 * Checks a push endpoint: https:// on a host whose every address is public; with
 * `allowLoopback` (tests) also http://127.0.0.1:<port> and http://localhost:<port>.
 */
export async function checkEndpoint(raw: string, allowLoopback: boolean) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw endpointError("must be a URL");
  }
  if (
    allowLoopback &&
    url.protocol === "http:" &&
    (url.hostname === "127.0.0.1" || url.hostname === "localhost") &&
    url.port !== ""
  )
    return url;
  if (url.protocol !== "https:") throw endpointError("must be an https:// address");
  if (url.username || url.password) throw endpointError("must not carry a user name or password");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw endpointError("has a host name that does not resolve");
  }
  if (!addresses.length || !addresses.every(isPublicAddress))
    throw endpointError("must be on a public address");
  return url;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends one Web Push message: the request is built (encrypted, VAPID-signed) by web-push and
 * sent here, so any endpoint that passed checkEndpoint can be reached. Answers the push
 * service's status, or 0 when it could not be reached.
 */
export async function sendPush(
  target: PushTarget,
  payload: object,
  vapid: VapidKeys & { subject: string },
): Promise<number> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: 12 * 3600, urgency: "normal" },
  );
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}
