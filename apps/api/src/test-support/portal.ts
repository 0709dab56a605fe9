import type { TestApp } from "./harness.ts";
import { eventually, outboxFor } from "./mail.ts";
import { buyCodes } from "./purchases.ts";

/** The token of the newest portal sign-in link e-mailed to `email`. */
export async function portalLinkToken(t: Pick<TestApp, "config">, email: string) {
  return eventually(() => {
    const mail = outboxFor(t.config.mail.outboxDir, email)
      .filter((m) => m.subject.includes("business portal"))
      .at(-1);
    const token = mail && /\/business\/portal\/signin\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error("no sign-in link yet");
    return token;
  });
}

/** Asks for a sign-in link by HTTP, follows it, and answers the portal session's token and businesses. */
export async function signInToPortal(t: TestApp, email: string) {
  const before = outboxFor(t.config.mail.outboxDir, email).length;
  const link = await t.app.inject({
    method: "POST",
    url: "/api/v1/business/portal/link",
    payload: { email },
  });
  if (link.statusCode !== 200) throw new Error(`link: ${link.statusCode} ${link.body}`);
  await eventually(() => {
    if (outboxFor(t.config.mail.outboxDir, email).length === before) throw new Error("no mail yet");
  });
  const session = await t.app.inject({
    method: "POST",
    url: "/api/v1/business/portal/session",
    payload: { token: await portalLinkToken(t, email) },
  });
  if (session.statusCode !== 200) throw new Error(`session: ${session.statusCode} ${session.body}`);
  const data = session.json().data as { token: string; businesses: { _id: string; name: string }[] };
  return { token: data.token, businessId: data.businesses[0]!._id, businesses: data.businesses };
}

/**
 * A business bought on the test checkout from Serene's own pages, and its buyer signed in to the
 * portal; `codes` are its seats' codes as the portal shows them (for tests that hand codes out).
 */
export async function portalBusiness(t: TestApp, seats = 5) {
  const bought = await buyCodes(t, seats, undefined, { sessionReturn: true });
  const session = await signInToPortal(t, bought.email);
  const list = await t.app.inject({
    method: "GET",
    url: `/api/v1/business/${session.businessId}/seats?limit=100`,
    headers: { authorization: `Bearer ${session.token}` },
  });
  const codes = (list.json().data as { code: string; createdAt?: string }[]).map((s) => s.code).reverse();
  return { ...bought, ...session, codes };
}
