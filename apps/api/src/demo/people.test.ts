import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../test-support/factories.ts";
import { createTestApp, type TestApp } from "../test-support/harness.ts";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_FILE,
  DEMO_LISTENER_EMAIL,
  DEMO_LISTENER_FILE,
  ensureDemoAdmin,
  ensureDemoListener,
  seedDemoPeople,
} from "./people.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = async (password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: DEMO_ADMIN_EMAIL, password },
  });

describe("demo admin and demo people", () => {
  let token: string;

  it("creates the demo admin once, with a random password only its file tells", async () => {
    const password = await ensureDemoAdmin(t.database.db, t.config.dataDir);
    expect(password).toMatch(/^[\w-]{16}$/);
    const file = path.join(t.config.dataDir, DEMO_ADMIN_FILE);
    expect(fs.readFileSync(file, "utf8")).toContain(`email: ${DEMO_ADMIN_EMAIL}\npassword: ${password}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const answer = await signIn(password!);
    expect(answer.statusCode, answer.body).toBe(200);
    token = answer.json().data.token;
    expect(answer.json().data.user.user_role).toBe("admin");

    // An admin exists now: nothing is created or rewritten.
    expect(await ensureDemoAdmin(t.database.db, t.config.dataDir)).toBeUndefined();
    expect(fs.readFileSync(file, "utf8")).toContain(password);
    expect((await signIn("not-the-password")).statusCode).toBe(401);
  });

  it("fills an empty community once, so every back-office page has something to run", async () => {
    expect(await seedDemoPeople(t.database.db)).toBe(true);
    expect(await seedDemoPeople(t.database.db)).toBe(false);
    const get = async (url: string) => {
      const answer = await t.app.inject({ method: "GET", url: `/api/v1/user${url}`, headers: bearer(token) });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };

    const stats = (await get("/dashboard-stats")).data;
    // 40 app users; the admin signed in is staff, counted apart.
    expect(stats).toMatchObject({ users: 40, staff: 1, hostRequests: 3 });
    const gained = (await get("/users-gained-yearly")) as { count: number }[];
    expect(gained.reduce((sum, month) => sum + month.count, 0)).toBe(41);
    expect(gained.filter((month) => month.count > 0).length).toBeGreaterThanOrEqual(10);

    expect((await get("/notifications")).meta.unreadByKind).toEqual({
      host_request: 3,
      support_message: 2,
      purchase: 1,
      deletion_request: 1,
      content_submission: 0,
    });
    expect((await get("/hosts?limit=1")).data).toBeDefined();
    expect((await get("/support-messages")).meta.total).toBe(2);
    const deletion = (await get("/deletion-requests")).data;
    expect(deletion).toHaveLength(1);
    expect(deletion[0].state).toBe("pending");

    const [purchase] = (await get("/purchases")).data;
    expect(purchase).toMatchObject({ assignedName: "Calm Company", totalUsers: 7, state: "paid" });
    // The demo purchase is a business whose buyer signs in to the portal and sees its seats.
    const [business] = (await get("/businesses")).data;
    expect(business).toMatchObject({
      name: "Calm Company",
      seats: { total: 7, redeemed: 2, unsent: 5 },
    });
    const codes = (await get(`/purchases/${purchase._id}`)).data.codes as {
      redeemedAt: string | null;
      redeemedBy: unknown;
      expiresAt: string | null;
    }[];
    expect(codes).toHaveLength(7);
    const redeemed = codes.filter((code) => code.redeemedAt);
    expect(redeemed).toHaveLength(2);
    expect(redeemed.every((code) => code.redeemedBy && code.expiresAt)).toBe(true);

    const feed = (await get("/activity?limit=50")).data as { action: string }[];
    // The demo's own entries; the test's sign-ins are recorded too (auth.*).
    const demoActions = feed.map((entry) => entry.action).filter((action) => !action.startsWith("auth."));
    expect(new Set(demoActions)).toEqual(
      new Set(["host_request.create", "support_message.create", "deletion_request.create", "purchase.paid"]),
    );
  });

  it("creates a demo listener who signs in and redeems the printed code of the demo purchase", async () => {
    const created = await ensureDemoListener(t.database.db, t.config.dataDir);
    expect(created?.code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/);
    const file = fs.readFileSync(path.join(t.config.dataDir, DEMO_LISTENER_FILE), "utf8");
    expect(file).toContain(`password: ${created!.password}\n`);
    expect(file).toContain(`/listen/redeem?code=${created!.code}`);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: DEMO_LISTENER_EMAIL, password: created!.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const redeem = await t.app.inject({
      method: "POST",
      url: "/api/v1/app/redeem",
      headers: bearer(login.json().data.token),
      payload: { code: created!.code },
    });
    expect(redeem.statusCode, redeem.body).toBe(200);
    expect(redeem.json().data.entitlement.paid).toBe(true);
    expect(await ensureDemoListener(t.database.db, t.config.dataDir)).toBeUndefined();
  });
});
