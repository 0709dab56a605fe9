import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** A Checkout Session as the fake keeps it (the fields Stripe answers that we read). */
export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  line_items: { quantity: number; unit_amount: number; name: string }[];
  created: number;
  /** Filled in when the buyer pays: what they typed on the payment page. */
  customer_details: {
    email: string | null;
    name: string | null;
    business_name: string | null;
    address: Record<string, string | null> | null;
    tax_ids: { type: string; value: string }[];
  } | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: Record<string, unknown>;
}

/** Stripe's form encoding (a[b][0][c]=1) back into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/**
 * The part of Stripe's HTTP API the SDK calls for Checkout: create a session
 * (POST /v1/checkout/sessions, form-encoded) and retrieve one (GET /v1/checkout/sessions/:id),
 * answering JSON the way Stripe does, errors included. Point the SDK at it with STRIPE_API_BASE.
 */
export async function startFakeStripe(options: { secretKey: string }) {
  const sessions = new Map<string, FakeSession>();
  const requests: RecordedRequest[] = [];
  /** Answer the next n requests with a 500 (the SDK retries those). */
  let failures = 0;
  const idempotent = new Map<string, string>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: http.ServerResponse, status: number, type: string, message: string) =>
    send(res, status, { error: { type, message } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const params = parseStripeForm(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, params });

      if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
        return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided");
      }
      if (failures > 0) {
        failures--;
        return stripeError(res, 500, "api_error", "Something went wrong on Stripe's end");
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const key = req.headers["idempotency-key"];
        if (typeof key === "string" && idempotent.has(key))
          return send(res, 200, sessions.get(idempotent.get(key)!));
        const items =
          (params.line_items as { quantity: string; price_data: Record<string, unknown> }[]) ?? [];
        if (!items.length || !params.success_url || !params.cancel_url || params.mode !== "payment") {
          return stripeError(res, 400, "invalid_request_error", "Missing required param");
        }
        const lineItems = items.map((i) => ({
          quantity: Number(i.quantity),
          unit_amount: Number(i.price_data.unit_amount),
          name: String((i.price_data.product_data as { name: string }).name),
        }));
        const id = newId("cs_test");
        const session: FakeSession = {
          id,
          object: "checkout.session",
          mode: String(params.mode),
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          amount_total: lineItems.reduce((sum, i) => sum + i.quantity * i.unit_amount, 0),
          currency: String((items[0]!.price_data.currency as string) ?? "usd"),
          customer_email: (params.customer_email as string) ?? null,
          client_reference_id: (params.client_reference_id as string) ?? null,
          metadata: (params.metadata as Record<string, string>) ?? {},
          success_url: String(params.success_url),
          cancel_url: String(params.cancel_url),
          line_items: lineItems,
          created: Math.floor(Date.now() / 1000),
          customer_details: null,
        };
        sessions.set(id, session);
        if (typeof key === "string") idempotent.set(key, id);
        return send(res, 200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const session = sessions.get(match[1]!);
        if (!session) {
          return stripeError(res, 404, "invalid_request_error", `No such checkout.session: '${match[1]}'`);
        }
        return send(res, 200, session);
      }
      return stripeError(
        res,
        404,
        "invalid_request_error",
        `Unrecognized request URL (${req.method}: ${url.pathname})`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    base: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    failNext(n: number) {
      failures = n;
    },
    /** The buyer pays on Stripe's page, having typed these billing details there. */
    pay(id: string, details: Partial<NonNullable<FakeSession["customer_details"]>> = {}) {
      const s = sessions.get(id)!;
      s.status = "complete";
      s.payment_status = "paid";
      s.customer_details = {
        email: s.customer_email,
        name: null,
        business_name: null,
        address: null,
        tax_ids: [],
        ...details,
      };
      return s;
    },
    expire(id: string) {
      const s = sessions.get(id)!;
      s.status = "expired";
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A webhook event around a session, as Stripe posts it, and its Stripe-Signature header. */
export function signedEvent(
  type: string,
  session: object,
  secret: string,
  opts: { timestamp?: number; id?: string } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
    livemode: false,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: opts.timestamp });
  return { payload, signature };
}
