import dns, { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import webpush from "web-push";
import { AppError } from "../../lib/errors.ts";

/**
 * Addresses a push endpoint may not reach (a push endpoint is a URL the client chooses): every
 * entry of IANA's IPv4 and IPv6 special-purpose address registries, multicast, and for IPv6
 * anything outside global unicast (2000::/3), which covers the IPv4-mapped (::ffff:0:0/96),
 * -translated (::ffff:0:0:0/96) and -compatible (::/96) forms, NAT64 (64:ff9b::/96,
 * 64:ff9b:1::/48), discard-only, SRv6 SIDs, unique-local, link- and site-local and multicast.
 */
const special = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.31.196.0", 24], // AS112
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // AS112 direct delegation
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the limited broadcast address
] as const)
  special.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID...
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["2620:4f:8000::", 48], // AS112 direct delegation
  ["3fff::", 20], // documentation
] as const)
  special.addSubnet(net, prefix, "ipv6");
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/** Whether an IP address is a public unicast one, in no special-purpose block. */
export function isPublicAddress(address: string) {
  const family = isIP(address);
  if (family === 4) return !special.check(address, "ipv4");
  if (family === 6) return globalUnicast.check(address, "ipv6") && !special.check(address, "ipv6");
  return false;
}

const endpointError = (message: string) =>
  new AppError("validation_failed", `endpoint: ${message}`, [{ field: "endpoint", message }]);

/** Where a checked endpoint is reached: its URL, and the checked address to connect to (none for a test's loopback). */
export interface CheckedEndpoint {
  url: URL;
  address: LookupAddress | null;
}

/**
 * Checks a push endpoint now: https:// on a host whose every address (resolved now) is public;
 * with `allowLoopback` (tests) also http://127.0.0.1:<port> and http://localhost:<port>.
 * Answers the address to connect to, so a later DNS answer cannot send the push elsewhere.
 */
export async function checkEndpoint(raw: string, allowLoopback: boolean): Promise<CheckedEndpoint> {
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
    return { url, address: null };
  if (url.protocol !== "https:") throw endpointError("must be an https:// address");
  if (url.username || url.password) throw endpointError("must not carry a user name or password");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await dns.promises.lookup(host, { all: true });
  } catch {
    throw endpointError("has a host name that does not resolve");
  }
  if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address)))
    throw endpointError("must be on a public address");
  return { url, address: addresses[0]! };
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

/** A lookup that answers only `address`: the connection goes where the check looked. */
const pinnedLookup =
  ({ address, family }: LookupAddress) =>
  (
    _host: string,
    options: { all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) =>
    options.all ? callback(null, [{ address, family }]) : callback(null, address, family);

/**
 * Sends one Web Push message to an endpoint checkEndpoint has just checked, connecting to the
 * address it checked: the request is built (encrypted, VAPID-signed) by web-push and sent here.
 * Answers the push service's status, or 0 when it could not be reached.
 */
export function sendPush(
  target: PushTarget,
  { url, address }: CheckedEndpoint,
  payload: object,
  vapid: VapidKeys & { subject: string },
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    { vapidDetails: vapid, TTL: 12 * 3600, urgency: "normal" },
  );
  return new Promise((resolve) => {
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      ...(address ? { lookup: pinnedLookup(address) } : {}),
      timeout: 10_000,
    });
    request.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
    request.end(details.body ?? undefined);
  });
}
