import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";
import { portalBusiness } from "../../test-support/portal.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PATCH", url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const signup = (email: string, code: string) =>
  call("POST", "/auth/signup", undefined, {
    email,
    code,
    password: "a-good-long-password",
    username: "Someone",
    ageConfirmed: true,
  });
const welcomeTo = (email: string) =>
  eventually(() => {
    const mail = outboxFor(t.config.mail.outboxDir, email).find((m) => m.subject === "Welcome to Serene");
    if (!mail) throw new Error("no welcome e-mail yet");
    return mail;
  });

describe("sign-up with a business code: only an invited code proves the address", () => {
  it("an unsent code redeems but leaves the address unverified, so the domain's join link refuses it", async () => {
    const b = await portalBusiness(t, 5);
    const domain = `victim${randomBytes(3).toString("hex")}.test`;
    const set = await call("PATCH", `/business/${b.businessId}`, b.token, { joinDomains: [domain] });
    expect(set.statusCode, set.body).toBe(200);
    const joinToken = set.json().data.joinUrl.split("/").at(-1) as string;

    const email = `cfo-${randomBytes(3).toString("hex")}@${domain}`;
    const res = await signup(email, b.codes[0]!);
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().data.token as string;
    const me = (await call("GET", "/app/me", token)).json().data;
    expect(me.emailVerified).toBe(false);
    // The usual verification link goes out with the welcome.
    expect((await welcomeTo(email)).text).toMatch(/\/listen\/verify\?token=/);

    const join = await call("POST", `/app/join/${joinToken}`, token);
    expect(join.statusCode, join.body).toBe(403);
    expect(join.json().code).toBe("email_not_verified");
    const seats = (await call("GET", `/business/${b.businessId}/seats?state=redeemed`, b.token)).json().data;
    expect(seats).toHaveLength(1);
  });

  it("a code the portal e-mailed to this address verifies it; another address cannot use it", async () => {
    const b = await portalBusiness(t, 5);
    const email = `ana-${randomBytes(3).toString("hex")}@acme.test`;
    const invite = await call("POST", `/business/${b.businessId}/invites`, b.token, { emails: [email] });
    expect(invite.statusCode, invite.body).toBe(200);
    const code = await eventually(() => {
      const found = /code is ([2-9A-Z-]{19})/.exec(
        outboxFor(t.config.mail.outboxDir, email).at(-1)?.text ?? "",
      );
      if (!found) throw new Error("no invitation yet");
      return found[1]!;
    });

    const other = await signup(`mallory-${randomBytes(3).toString("hex")}@acme.test`, code);
    expect(other.json().code).toBe("code_invited_elsewhere");

    const res = await signup(email, code);
    expect(res.statusCode, res.body).toBe(201);
    const me = (await call("GET", "/app/me", res.json().data.token)).json().data;
    expect(me).toMatchObject({ emailVerified: true, entitlement: { paid: true } });
    expect((await welcomeTo(email)).text).not.toMatch(/\/listen\/verify\?token=/);
  });
});
