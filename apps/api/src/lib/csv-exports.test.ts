import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  businessAdmins,
  businesses,
  businessPurchases,
  deletionRequests,
  hostRequests,
  supportMessages,
} from "../db/schema/index.ts";
import { buildInterest, buildResource } from "../test-support/catalogue.ts";
import { bearer, buildUser, login } from "../test-support/factories.ts";
import { useTestApp } from "../test-support/harness.ts";
import { csvLine } from "./csv.ts";
import { EXPORT_BATCH } from "./paging.ts";

/** The CSV exports of the back office's lists: one mechanism (lib/csv.ts, inBatches), every list. */
const t = useTestApp({ as: "admin" });

const get = (url: string, token = t.token) =>
  t.app.inject({ method: "GET", url: `/api/v1/user${url}`, headers: bearer(token) });
const rows = (body: string) => body.trimEnd().split("\r\n");

describe("GET /users/export", () => {
  it("streams every matching account a batch (one query) at a time, newest first, and records the export", async () => {
    const n = 5000;
    // All inserted in one statement: one timestamp for many rows, so the keyset's id breaks the ties.
    await t.database.db.execute(sql`
      insert into users (username, email, time_created)
      select 'bulk-' || g, 'bulk-' || g || '@export.test', timestamptz '2024-01-01' + (g / 100) * interval '1 second'
      from generate_series(1, ${n}) g`);
    const select = vi.spyOn(t.database.db, "select");
    const res = await get("/users/export?q=@export.test");
    const reads = select.mock.calls.length;
    select.mockRestore();

    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = rows(res.body);
    expect(lines[0]).toBe(
      "username,last_name,email,role,subscription,paid_until,mood,signed_up,last_active,email_verified,id",
    );
    expect(lines).toHaveLength(n + 1);
    // Each account exactly once, across the batches' edges.
    const emails = lines.slice(1).map((l) => l.split(",")[2]);
    expect(new Set(emails).size).toBe(n);
    expect(emails[0]).toBe(`bulk-${n}@export.test`);
    expect(emails.at(-1)).toMatch(/^bulk-\d{1,2}@export\.test$/);
    // Read in batches: one query per EXPORT_BATCH rows (plus the short last one), never all at once.
    expect(reads).toBeGreaterThanOrEqual(Math.ceil(n / EXPORT_BATCH));
    expect(reads).toBeLessThanOrEqual(Math.ceil(n / EXPORT_BATCH) + 3);

    const [entry] = (await get("/activity?action=user.export")).json().data;
    expect(entry).toMatchObject({
      actorId: t.user.id,
      entityType: "user",
      details: { filter: { q: "@export.test" } },
    });
  });

  it("honours the list's filters, quotes what needs it and guards against formulas", async () => {
    await buildUser(t.database.db, {
      username: '=HYPERLINK("http://evil.test")',
      lastName: 'Smith, "Jr"',
      email: "formula@csv.test",
      mood: "sad",
    });
    await buildUser(t.database.db, { username: "-2+3", email: "minus@csv.test", mood: "happy" });
    await buildUser(t.database.db, {
      username: "staff",
      email: "staff@csv.test",
      role: "admin",
      mood: "sad",
    });

    const sad = rows((await get("/users/export?q=csv.test&mood=sad")).body);
    expect(sad).toEqual([
      sad[0],
      expect.stringMatching(
        /^"'=HYPERLINK\(""http:\/\/evil\.test""\)","Smith, ""Jr""",formula@csv\.test,user,free,,sad,/,
      ),
    ]);
    const happy = rows((await get("/users/export?q=csv.test&mood=happy")).body);
    expect(happy[1]).toMatch(/^'-2\+3,,minus@csv\.test,/);
    // The audience is the list's: app users by default, the staff apart.
    const staff = rows((await get("/users/export?q=csv.test&audience=staff")).body);
    expect(staff.slice(1).map((l) => l.split(",")[2])).toEqual(["staff@csv.test"]);

    const bad = await get("/users/export?mood=grumpy");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("mood");
  });

  it("follows the list's column sort, each way, across batch edges (NULL moods where the list puts them)", async () => {
    // 2,500 accounts: 1 in 4 without a mood, usernames with ties (the id breaks them, as in the list).
    await t.database.db.execute(sql`
      insert into users (username, email, mood)
      select 'sort-' || (g % 7), 'sort-' || g || '@order.test',
        (array[null, 'happy', 'sad', 'angry']::mood[])[1 + g % 4]
      from generate_series(1, 2500) g`);
    const exported = async (query: string) =>
      rows((await get(`/users/export?q=@order.test&${query}`)).body)
        .slice(1)
        .map((l) => l.split(",")[2]);
    const ordered = async (orderBy: string) =>
      (
        (await t.database.db.execute(
          sql.raw(`select email from users where email like '%@order.test' order by ${orderBy}`),
        )) as unknown as { rows: { email: string }[] }
      ).rows.map((r) => r.email);

    for (const [query, orderBy] of [
      ["sort=mood", "mood asc, id asc"],
      ["sort=mood&direction=desc", "mood desc, id desc"],
      ["sort=username", "username asc, id asc"],
      ["sort=email&direction=desc", "lower(email) desc, id desc"],
      ["sort=oldest", "time_created asc, id asc"],
    ] as const) {
      const got = await exported(query);
      expect(got, query).toHaveLength(2500);
      expect(got, query).toEqual(await ordered(orderBy));
    }
    const bad = await get("/users/export?sort=password");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("sort");
  });

  it("neutralises every cell a spreadsheet could run: = + - @ ; | tab and CR first", async () => {
    const starts = ["=", "+", "-", "@", ";", "|", "\t", "\r"];
    for (const [i, start] of starts.entries())
      await buildUser(t.database.db, {
        username: `${start}cmd|' /C calc'!A0`,
        email: `run${i}@formula.test`,
      });
    const [, ...lines] = rows((await get("/users/export?q=formula.test")).body);
    expect(lines).toHaveLength(starts.length);
    for (const line of lines) expect(line).toMatch(/^"?'[=+\-@;|\t\r]cmd/);
    expect(csvLine(["a;b", "x|y", 3])).toBe("a;b,x|y,3\r\n");
  });

  it("is for admins only", async () => {
    const listener = await buildUser(t.database.db);
    expect((await get("/users/export", await login(t.app, listener.email))).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/user/users/export" })).statusCode).toBe(401);
  });
});

describe("GET /resources/export", () => {
  it("exports the contents the filter matches with their names, and records it", async () => {
    const interest = await buildInterest(t.database.db, { name: "Sleep CSV" });
    await buildResource(t.database.db, {
      title: "@Waiting, to be reviewed",
      interestId: interest.id,
      reviewState: "pending",
    });
    await buildResource(t.database.db, { title: "Published one", interestId: interest.id });
    const res = await get(`/resources/export?interest=${interest.id}&reviewState=pending`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename="contents-/);
    const lines = rows(res.body);
    expect(lines[0]).toBe(
      "title,interest,mood,payment,review_state,duration_seconds,plays,uploader_email,created,id",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"'@Waiting, to be reviewed",Sleep CSV,.*,pending,/);
    expect((await get("/activity?action=resource.export")).json().data[0].details.filter).toEqual({
      interest: interest.id,
      reviewState: "pending",
    });
  });
});

describe("the other lists' exports", () => {
  /** The export's lines under its headings, and the recorded export's filter. */
  async function exported(path: string, action: string) {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [entry] = (await get(`/activity?action=${action}`)).json().data;
    return { lines: rows(res.body), filter: entry.details.filter, file: res.headers["content-disposition"] };
  }

  it("purchases: search and state", async () => {
    const base = { totalUsers: 5, totalMonths: 12, amountCents: 24995, provider: "test" };
    await t.database.db.insert(businessPurchases).values([
      { ...base, assignedName: "+Acme, Inc.", email: "billing@acme.test", state: "paid" },
      { ...base, assignedName: "Acme pending", email: "billing@acme.test" },
      { ...base, assignedName: "Other", email: "other@other.test", state: "paid" },
    ]);
    const { lines, filter, file } = await exported("/purchases/export?q=acme&state=paid", "purchase.export");
    expect(file).toMatch(/filename="purchases-/);
    expect(lines[0]).toBe(
      "created,business,email,kind,seats,months,amount_cents,currency,state,paid,codes_issued,codes_redeemed,id",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^[^,]+,"'\+Acme, Inc\.",billing@acme\.test,first,5,12,24995,usd,paid,,0,0,/);
    expect(filter).toEqual({ q: "acme", state: "paid" });
  });

  it("deletion requests: search and state, with the due day of a pending one", async () => {
    await t.database.db.insert(deletionRequests).values([
      { email: "gone@del.test", reason: "=1+1", createdAt: new Date("2026-01-01T00:00:00Z") },
      { email: "stay@del.test", state: "cancelled" },
    ]);
    const { lines, filter } = await exported(
      "/deletion-requests/export?q=del.test&state=pending",
      "deletion_request.export",
    );
    expect(lines[0]).toBe("requested,email,username,reason,state,due,closed_by,closed,id");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2026-01-01T00:00:00\.000Z,gone@del\.test,,'=1\+1,pending,2026-04-01T00:00:00\.000Z,,,/,
    );
    expect(filter).toEqual({ q: "del.test", state: "pending" });
  });

  it("host requests: the state asked (pending unless told)", async () => {
    const asker = await buildUser(t.database.db, { username: "asker", email: "asker@host.test" });
    const other = await buildUser(t.database.db);
    await t.database.db.insert(hostRequests).values([
      { userId: asker.id, reason: "I record calm piano, every evening" },
      { userId: other.id, reason: "Declined already", state: "declined" },
    ]);
    const pending = await exported("/host-requests/export", "host_request.export");
    expect(pending.lines[0]).toBe("requested,username,last_name,email,reason,state,decided,id");
    expect(pending.lines.slice(1).map((l) => l.split(",")[3])).toEqual(["asker@host.test"]);
    expect(pending.filter).toEqual({ state: "pending" });
    const declined = await exported("/host-requests/export?state=declined", "host_request.export");
    expect(declined.lines.slice(1).map((l) => l.split(",")[5])).toEqual(["declined"]);
  });

  it("support messages: search and open/closed", async () => {
    await t.database.db.insert(supportMessages).values([
      { fullName: "Open one", email: "a@sup.test", subject: "Hello, again", message: "Line one\nline two" },
      { fullName: "Closed one", email: "b@sup.test", subject: "Done", message: "x", closedAt: new Date() },
    ]);
    const { lines, filter } = await exported(
      "/support-messages/export?q=sup.test&state=open",
      "support_message.export",
    );
    expect(lines[0]).toBe("received,name,email,subject,message,read,status,closed,id");
    // A cell with a line break is quoted, so it stays one record.
    expect(lines.slice(1).join("\r\n")).toMatch(
      /^[^,]+,Open one,a@sup\.test,"Hello, again","Line one\nline two",,open,,[0-9a-f-]{36}$/,
    );
    expect(filter).toEqual({ q: "sup.test", state: "open" });
  });

  it("businesses: the search, with their admins", async () => {
    const [acme] = await t.database.db
      .insert(businesses)
      .values({ name: "@Acme CSV", billingEmail: "billing@acme-csv.test" })
      .returning();
    await t.database.db.insert(businesses).values({ name: "Other CSV", billingEmail: "x@other-csv.test" });
    await t.database.db.insert(businessAdmins).values([
      { businessId: acme!.id, email: "zoe@acme-csv.test" },
      { businessId: acme!.id, email: "amir@acme-csv.test" },
    ]);
    const { lines, filter } = await exported("/businesses/export?q=acme-csv", "business.export");
    expect(lines[0]).toBe("created,name,billing_email,billing_address,tax_id,join_domains,admins,id");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^[^,]+,'@Acme CSV,billing@acme-csv\.test,,,,"amir@acme-csv\.test, zoe@acme-csv\.test",/,
    );
    expect(filter).toEqual({ q: "acme-csv" });
  });
});
