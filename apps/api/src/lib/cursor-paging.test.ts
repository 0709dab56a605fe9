import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  favourites,
  listeningProgress,
  listeningSessions,
  resources,
  series,
  seriesItems,
  userMessages,
} from "../db/schema/index.ts";
import { buildInterest } from "../test-support/catalogue.ts";
import { bearer, buildUser, login } from "../test-support/factories.ts";
import { useTestApp } from "../test-support/harness.ts";
import { encodeCursor } from "./paging.ts";

const t = useTestApp();
const db = () => t.database.db;

/** 50 times inside one millisecond: all the same microsecond, or each its own. */
const MILLISECOND = "2025-03-01T10:00:00.123";
const TIMES = {
  "one microsecond": Array.from({ length: 50 }, () => `${MILLISECOND}456Z`),
  "distinct microseconds": Array.from(
    { length: 50 },
    (_, i) => `${MILLISECOND}${String((i * 37) % 1000).padStart(3, "0")}Z`,
  ),
};
const at = (time: string) => sql`${time}::timestamptz`;

/** What a list was given: each row's sort key and tie-breaking id, and the id its item shows. */
interface Seeded {
  url: string;
  token: string;
  rows: { key: string; tie: string; id: string }[];
  order?: "asc" | "desc";
}

async function listener() {
  const user = await buildUser(db());
  return { user, token: await login(t.app, user.email) };
}

/** Published resources, one per time (their own interest unless told). */
async function publishedResources(times: string[], values: Partial<typeof resources.$inferInsert> = {}) {
  const interest = await buildInterest(db());
  return db()
    .insert(resources)
    .values(
      times.map((time, i) => ({
        title: `Content ${i}`,
        mood: "happy" as const,
        reviewState: "published" as const,
        paymentType: "free" as const,
        durationSeconds: 300,
        interestId: interest.id,
        timeCreated: at(time),
        ...values,
      })),
    )
    .returning({ id: resources.id, interestId: resources.interestId });
}

/** Every cursor list, seeded with rows at `times`. */
const LISTS: Record<string, (times: string[]) => Promise<Seeded>> = {
  async inbox(times) {
    const { user, token } = await listener();
    const rows = await db()
      .insert(userMessages)
      .values(
        times.map((time, i) => ({
          kind: "direct" as const,
          userId: user.id,
          body: `${i}`,
          createdAt: at(time),
        })),
      )
      .returning({ id: userMessages.id });
    return {
      url: "/api/v1/app/messages",
      token,
      rows: rows.map((r, i) => ({ key: times[i]!, tie: r.id, id: r.id })),
    };
  },

  async history(times) {
    const { user, token } = await listener();
    const contents = await publishedResources(times);
    const sessions = await db()
      .insert(listeningSessions)
      .values(
        contents.map((c, i) => ({
          userId: user.id,
          resourceId: c.id,
          startedAt: at(times[i]!),
          lastReportAt: at(times[i]!),
        })),
      )
      .returning({ id: listeningSessions.id, resourceId: listeningSessions.resourceId });
    return {
      url: "/api/v1/app/history",
      token,
      rows: sessions.map((s, i) => ({ key: times[i]!, tie: s.id, id: s.resourceId })),
    };
  },

  async "continue listening"(times) {
    const { user, token } = await listener();
    const contents = await publishedResources(times);
    await db()
      .insert(listeningProgress)
      .values(
        contents.map((c, i) => ({
          userId: user.id,
          resourceId: c.id,
          position: 10,
          updatedAt: at(times[i]!),
        })),
      );
    return {
      url: "/api/v1/app/progress",
      token,
      rows: contents.map((c, i) => ({ key: times[i]!, tie: c.id, id: c.id })),
    };
  },

  async favourites(times) {
    const { user, token } = await listener();
    const contents = await publishedResources(times);
    await db()
      .insert(favourites)
      .values(contents.map((c, i) => ({ userId: user.id, resourceId: c.id, createdAt: at(times[i]!) })));
    return {
      url: "/api/v1/app/favourites",
      token,
      rows: contents.map((c, i) => ({ key: times[i]!, tie: c.id, id: c.id })),
    };
  },

  async "host content"(times) {
    const host = await buildUser(db(), { role: "host" });
    const contents = await publishedResources(times, { userId: host.id, reviewState: "pending" });
    return {
      url: "/api/v1/app/host/resources",
      token: await login(t.app, host.email),
      rows: contents.map((c, i) => ({ key: times[i]!, tie: c.id, id: c.id })),
    };
  },

  async "catalogue, new"(times) {
    const contents = await publishedResources(times);
    return {
      url: `/api/v1/app/resources?sort=new&interest=${contents[0]!.interestId}`,
      token: (await listener()).token,
      rows: contents.map((c, i) => ({ key: times[i]!, tie: c.id, id: c.id })),
    };
  },

  async "catalogue, interest"(times) {
    const contents = await publishedResources(times);
    return {
      url: `/api/v1/app/interests/${contents[0]!.interestId}/resources`,
      token: (await listener()).token,
      rows: contents.map((c, i) => ({ key: times[i]!, tie: c.id, id: c.id })),
    };
  },

  // Equal counts: the id alone places a row.
  async "catalogue, popular"(times) {
    const contents = await publishedResources(times, { noPlays: 3 });
    return {
      url: `/api/v1/app/resources?sort=popular&interest=${contents[0]!.interestId}`,
      token: (await listener()).token,
      rows: contents.map((c) => ({ key: "", tie: c.id, id: c.id })),
    };
  },

  async "catalogue, shortest"(times) {
    const contents = await publishedResources(times, { durationSeconds: 60 });
    return {
      url: `/api/v1/app/resources?sort=shortest&interest=${contents[0]!.interestId}`,
      token: (await listener()).token,
      rows: contents.map((c) => ({ key: "", tie: c.id, id: c.id })),
      order: "asc",
    };
  },

  // Series are one list for everyone: this case starts it empty.
  async series(times) {
    await db().delete(series);
    const [content] = await publishedResources(times.slice(0, 1));
    const made = await db()
      .insert(series)
      .values(times.map((time, i) => ({ title: `Series ${i}`, published: true, timeCreated: at(time) })))
      .returning({ id: series.id });
    await db()
      .insert(seriesItems)
      .values(made.map((s) => ({ seriesId: s.id, resourceId: content!.id, position: 0 })));
    return {
      url: "/api/v1/app/series",
      token: (await listener()).token,
      rows: made.map((s, i) => ({ key: times[i]!, tie: s.id, id: s.id })),
    };
  },
};

/** A page of a cursor list: items show their id, or their content's. */
type ListPage = {
  data: { _id?: string; resource?: { _id: string } }[];
  meta: { nextCursor: string | null };
};

/** The ids a list shows, page after page of `limit`, and each page's length. */
async function pageThrough(url: string, token: string, limit: number) {
  const ids: string[] = [];
  const lengths: number[] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes("?") ? "&" : "?";
    const res: { statusCode: number; body: string; json(): ListPage } = await t.app.inject({
      method: "GET",
      url: `${url}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    ids.push(...page.data.map((item) => item._id ?? item.resource!._id));
    lengths.push(page.data.length);
    cursor = page.meta.nextCursor;
  } while (cursor && lengths.length < 20);
  return { ids, lengths };
}

/** (key, tie) as PostgreSQL orders them: times of one length and lower-case uuids sort as text. */
const compare = (a: Seeded["rows"][number], b: Seeded["rows"][number]) =>
  a.key === b.key ? (a.tie < b.tie ? -1 : 1) : a.key < b.key ? -1 : 1;

describe("cursor paging: rows written within one millisecond", () => {
  for (const [name, seed] of Object.entries(LISTS)) {
    for (const [when, times] of Object.entries(TIMES)) {
      it(`${name}: 50 rows in ${when}, 7 a page: every row once, in order`, async () => {
        const { url, token, rows, order = "desc" } = await seed(times);
        const sorted = [...rows].sort(compare);
        const expected = (order === "desc" ? sorted.reverse() : sorted).map((r) => r.id);
        const { ids, lengths } = await pageThrough(url, token, 7);
        expect(ids).toEqual(expected);
        expect(lengths).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
      });
    }
  }
});

describe("cursor format", () => {
  it("a cursor of milliseconds (before microseconds) still pages; anything else is 400 naming cursor", async () => {
    const { url, token, rows } = await LISTS.inbox!(TIMES["one microsecond"]);
    const get = (cursor: string) =>
      t.app.inject({ method: "GET", url: `${url}?limit=50&cursor=${cursor}`, headers: bearer(token) });
    const someId = rows[0]!.id;
    // Everything at .123456 comes after 10:00:00.124.
    const old = await get(encodeCursor(["2025-03-01T10:00:00.124Z", someId]));
    expect(old.statusCode).toBe(200);
    expect(old.json().data).toHaveLength(50);

    for (const bad of [
      "nonsense",
      encodeCursor(["2025-02-30T10:00:00.123456Z", someId]), // no such day
      encodeCursor(["2025-03-01 10:00:00", someId]), // not the cursor's format
      encodeCursor(["2025-03-01T10:00:00.123456Z", "not-a-uuid"]),
      encodeCursor([7, someId]), // a count where a time goes
      encodeCursor(["2025-03-01T10:00:00.123456Z", someId, "extra"]),
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors).toEqual([{ field: "cursor", message: "cursor: not a cursor of this list" }]);
    }
    // The catalogue's count sorts take a count, not a time.
    const popular = await t.app.inject({
      method: "GET",
      url: `/api/v1/app/resources?sort=popular&cursor=${encodeCursor(["2025-03-01T10:00:00Z", someId])}`,
      headers: bearer(token),
    });
    expect(popular.statusCode).toBe(400);
    expect(popular.json().errors[0].field).toBe("cursor");
  });
});
