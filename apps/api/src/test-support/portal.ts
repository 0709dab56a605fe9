import { randomBytes } from "node:crypto";
import { bearer, buildUser, login } from "./factories.ts";
import type { TestApp } from "./harness.ts";
import { eventually, outboxFor } from "./mail.ts";
import { buyCodes } from "./purchases.ts";

/** An address no other test uses. */
export const newAddress = (name: string) => `${name}-${randomBytes(3).toString("hex")}@acme.test`;

/**
 * A portal test's calls, bound to its app: `portalCalls(() => t)`, since the app starts in
 * `beforeAll`. `call` asks the portal (/api/v1/business), `appCall` the app API (/api/v1/app).
 */
export function portalCalls(started: () => Pick<TestApp, "app" | "config" | "database">) {
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, token?: string, payload?: object) =>
    started().app.inject({
      method,
      url: `/api/v1/business${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const appCall = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
    started().app.inject({
      method,
      url: `/api/v1/app${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const mailsTo = (email: string) => outboxFor(started().config.mail.outboxDir, email);
  return {
    call,
    appCall,
    mailsTo,
    /** A listener with a verified address, signed in. */
    async listener(email = newAddress("listener")) {
      const user = await buildUser(started().database.db, { email });
      return { user, token: await login(started().app, email) };
    },
    /** The newest invitation e-mailed to an address: its code and its link. */
    invitation: (email: string) =>
      eventually(() => {
        const mail = mailsTo(email).at(-1);
        const code = mail && /code is ([2-9A-Z-]{19})/.exec(mail.text)?.[1];
        const link = mail && /(http\S+\/listen\/redeem\?\S+)/.exec(mail.text)?.[1];
        if (!code || !link) throw new Error("no invitation yet");
        return { code, link, text: mail.text };
      }),
  };
}

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
export async function signInToPortal(t: Pick<TestApp, "app" | "config">, email: string) {
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
export async function portalBusiness(t: Pick<TestApp, "app" | "config">, seats = 5) {
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
