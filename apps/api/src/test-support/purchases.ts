import { randomBytes } from "node:crypto";
import type { TestApp } from "./harness.ts";
import { codesIn, eventually, outboxFor } from "./mail.ts";

/**
 * A business buys `seats` on the built-in test checkout, pays, and receives its codes by
 * e-mail, all through HTTP, as the specification's client does; answers the purchase id, the
 * business name and the e-mailed codes. With `sessionReturn` (Serene's own pages) the e-mail lists
 * no codes (they wait in the portal): `codes` is empty.
 */
export async function buyCodes(
  t: Pick<TestApp, "app" | "config">,
  seats = 5,
  buyer?: { assignedName: string; email: string },
  { sessionReturn = false }: { sessionReturn?: boolean } = {},
) {
  const suffix = randomBytes(4).toString("hex");
  const body = {
    assignedName: buyer?.assignedName ?? `Calm Co ${suffix}`,
    email: buyer?.email ?? `buyer-${suffix}@example.test`,
    totalUsers: seats,
    totalMonths: 12,
  };
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: `/api/v1/user${url}`, payload, headers });
  const codeMails = () =>
    outboxFor(t.config.mail.outboxDir, body.email).filter((m) =>
      m.subject.includes(sessionReturn ? "ready in your business portal" : "subscription codes"),
    );
  const before = codeMails().length;
  const started = await post("/stripe-payment", sessionReturn ? { ...body, sessionReturn } : body);
  if (started.statusCode !== 200) throw new Error(`checkout: ${started.statusCode} ${started.body}`);
  const { purchaseId } = started.json().data as { purchaseId: string };
  const paid = await t.app.inject({
    method: "POST",
    url: `/api/v1/user/test-checkout/${purchaseId}/pay`,
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    payload: "",
  });
  if (paid.statusCode !== 303) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  const coupons = await post("/create-coupons", body);
  if (coupons.statusCode !== 200) throw new Error(`coupons: ${coupons.statusCode} ${coupons.body}`);
  const codes = await eventually(() => {
    const mail = codeMails()[before];
    if (!mail) throw new Error("no codes e-mail yet");
    return sessionReturn ? [] : codesIn(mail.text);
  });
  return { purchaseId, businessName: body.assignedName, email: body.email, codes };
}
