import { beforeAll, describe, expect, it } from "vitest";
import {
  activityLog,
  businesses,
  businessPurchases,
  deletionRequests,
  hostRequests,
  subscriptionCodes,
  supportMessages,
  users,
} from "../db/schema/index.ts";
import { useTestApp } from "../test-support/harness.ts";

/**
 * The back office's smaller lists sort by the column a header click asks for (issue 22, section 2):
 * the support inbox, deletion requests, purchases, businesses, host requests and the activity log; a column the list lacks is a 400 naming it.
 */
const t = useTestApp({ as: "admin" });

beforeAll(async () => {
  const db = t.database.db;
  await db.insert(supportMessages).values(
    ["Cleo", "ana", "Bea"].map((fullName, i) => ({
      fullName,
      email: `${fullName.toLowerCase()}@sort.test`,
      subject: "Sorting",
      message: "Hello",
      readAt: i === 1 ? new Date() : null,
    })),
  );
  await db.insert(deletionRequests).values(
    ["c@sort.test", "a@sort.test", "b@sort.test"].map((email, i) => ({
      email,
      state: (["pending", "executed", "cancelled"] as const)[i],
    })),
  );
  await db.insert(businessPurchases).values(
    [
      ["Zeta sort", 5, 50_00],
      ["alpha sort", 40, 400_00],
      ["Mid sort", 10, 100_00],
    ].map(([assignedName, totalUsers, amountCents]) => ({
      assignedName: assignedName as string,
      email: "buyer@sort.test",
      totalUsers: totalUsers as number,
      totalMonths: 12,
      amountCents: amountCents as number,
      provider: "test",
    })),
  );
  const sorted = await db
    .insert(businesses)
    .values(
      [
        ["Zeta sorted", "a@zeta.test", "2026-01-02"],
        ["alpha sorted", "c@alpha.test", "2026-01-03"],
        ["Mid sorted", "B@mid.test", "2026-01-01"],
      ].map(([name, billingEmail, day]) => ({
        name: name!,
        billingEmail: billingEmail!,
        createdAt: new Date(day!),
      })),
    )
    .returning({ id: businesses.id, name: businesses.name });
  // Seats over two purchases for Mid (3 + 4), one for Zeta (5), none for alpha.
  for (const [name, seats] of [
    ["Mid sorted", 3],
    ["Mid sorted", 4],
    ["Zeta sorted", 5],
  ] as const) {
    const [purchase] = await db
      .insert(businessPurchases)
      .values({
        businessId: sorted.find((b) => b.name === name)!.id,
        assignedName: "Seats holder",
        email: "holder@seats.test",
        totalUsers: seats,
        totalMonths: 12,
        amountCents: seats * 10_00,
        provider: "test",
      })
      .returning({ id: businessPurchases.id });
    await db.insert(subscriptionCodes).values(
      Array.from({ length: seats }, (_, i) => ({
        purchaseId: purchase!.id,
        code: `${name}-${seats}-${i}`,
      })),
    );
  }
  const askers = await db
    .insert(users)
    .values(
      ["zoe_hostsort", "Ann_hostsort", "mo_hostsort"].map((username) => ({
        username,
        email: `${username.toLowerCase()}@hostsort.test`,
        role: "user" as const,
      })),
    )
    .returning({ id: users.id });
  await db.insert(hostRequests).values(
    askers.map(({ id }, i) => ({
      userId: id,
      reason: "I would like to host sessions.",
      createdAt: new Date(["2026-02-02", "2026-02-03", "2026-02-01"][i]!),
    })),
  );
  await db.insert(activityLog).values(
    (
      [
        ["host_request.export", "host_request", "2026-03-02", "mo@example.com"],
        ["auth.sign_in", "user", "2026-03-03", "Zed@example.com"],
        ["business.export", "business", "2026-03-01", "ann@example.com"],
      ] as const
    ).map(([action, entityType, day, actorEmail]) => ({
      action,
      entityType,
      actorEmail,
      entityId: "sortlog",
      createdAt: new Date(day),
    })),
  );
});

const list = async (path: string, pick: (item: Record<string, unknown>) => unknown) => {
  const res = await t.call("GET", path);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Record<string, unknown>[]).map(pick);
};

describe("sortable lists", () => {
  it("sorts the support inbox by name (any case) and by read, unread first", async () => {
    expect(await list("/support-messages?q=sort.test&sort=name", (m) => m.fullName)).toEqual([
      "ana",
      "Bea",
      "Cleo",
    ]);
    expect(await list("/support-messages?q=sort.test&sort=name&direction=desc", (m) => m.fullName)).toEqual([
      "Cleo",
      "Bea",
      "ana",
    ]);
    const byRead = await list("/support-messages?q=sort.test&sort=read", (m) => m.readAt !== null);
    expect(byRead).toEqual([false, false, true]);
  });

  it("sorts deletion requests by e-mail and by state", async () => {
    expect(await list("/deletion-requests?q=sort.test&sort=email", (r) => r.email)).toEqual([
      "a@sort.test",
      "b@sort.test",
      "c@sort.test",
    ]);
    expect(await list("/deletion-requests?q=sort.test&sort=state", (r) => r.state)).toEqual([
      "pending",
      "executed",
      "cancelled",
    ]);
  });

  it("sorts purchases by business, seats and amount", async () => {
    expect(await list("/purchases?q=sort&sort=business", (p) => p.assignedName)).toEqual([
      "alpha sort",
      "Mid sort",
      "Zeta sort",
    ]);
    expect(await list("/purchases?q=sort&sort=seats", (p) => p.totalUsers)).toEqual([40, 10, 5]);
    expect(await list("/purchases?q=sort&sort=amount&direction=asc", (p) => p.amountCents)).toEqual([
      50_00, 100_00, 400_00,
    ]);
  });

  it("sorts businesses by name, billing e-mail (any case), date (newest first by default) and seats", async () => {
    const names = (path: string) => list(path, (b) => b.name);
    expect(await names("/businesses?q=sorted")).toEqual(["alpha sorted", "Zeta sorted", "Mid sorted"]);
    expect(await names("/businesses?q=sorted&sort=name")).toEqual([
      "alpha sorted",
      "Mid sorted",
      "Zeta sorted",
    ]);
    expect(await names("/businesses?q=sorted&sort=email&direction=desc")).toEqual([
      "alpha sorted",
      "Mid sorted",
      "Zeta sorted",
    ]);
    expect(await names("/businesses?q=sorted&sort=created&direction=asc")).toEqual([
      "Mid sorted",
      "Zeta sorted",
      "alpha sorted",
    ]);
    expect(await names("/businesses?q=sorted&sort=seats")).toEqual([
      "Mid sorted",
      "Zeta sorted",
      "alpha sorted",
    ]);
    expect(await names("/businesses?q=sorted&sort=seats&direction=asc")).toEqual([
      "alpha sorted",
      "Zeta sorted",
      "Mid sorted",
    ]);
  });

  it("sorts pending host requests by date (newest first unless told) and by name (any case)", async () => {
    const names = (path: string) =>
      list(path, (r) => r.username).then((all) => all.filter((n) => String(n).endsWith("_hostsort")));
    expect(await names("/host-requests")).toEqual(["Ann_hostsort", "zoe_hostsort", "mo_hostsort"]);
    expect(await names("/host-requests?sort=created&direction=asc")).toEqual([
      "mo_hostsort",
      "zoe_hostsort",
      "Ann_hostsort",
    ]);
    expect(await names("/host-requests?state=pending&sort=name")).toEqual([
      "Ann_hostsort",
      "mo_hostsort",
      "zoe_hostsort",
    ]);
    expect(await names("/host-requests?state=approved&sort=name")).toEqual([]);
  });

  it("sorts the activity log by time both ways (latest first unless told), by who, by action and by record", async () => {
    const actions = (path: string) => list(`/activity?entityId=sortlog&${path}`, (e) => e.action);
    expect(await actions("")).toEqual(["auth.sign_in", "host_request.export", "business.export"]);
    expect(await actions("sort=time&direction=asc")).toEqual([
      "business.export",
      "host_request.export",
      "auth.sign_in",
    ]);
    expect(await actions("sort=action")).toEqual(["auth.sign_in", "business.export", "host_request.export"]);
    expect(await actions("sort=who")).toEqual(["business.export", "host_request.export", "auth.sign_in"]);
    expect(await actions("sort=record&direction=desc")).toEqual([
      "auth.sign_in",
      "host_request.export",
      "business.export",
    ]);
  });

  it.each([
    ["/activity?sort=actor", "sort"],
    ["/activity?sort=time&direction=latest", "direction"],
    ["/host-requests?sort=reason", "sort"],
    ["/businesses?sort=revenue", "sort"],
    ["/businesses?sort=name&direction=up", "direction"],
    ["/support-messages?sort=subject", "sort"],
    ["/deletion-requests?sort=reason", "sort"],
    ["/purchases?sort=codes", "sort"],
    ["/purchases?sort=amount&direction=biggest", "direction"],
  ])("refuses %s with a 400 naming %s", async (path, field) => {
    const res = await t.call("GET", path);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});
