import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKind } from "../test-support/harness.ts";
import { type Database, queryRows } from "./client.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const tables = async () =>
  (
    await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
  ).map((r) => r.table_name);

const applied = async () =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
  )[0]?.n;

describe(`migrations on an empty ${testDatabaseKind} database`, () => {
  it("create every table of the data model", async () => {
    expect(await tables()).toEqual([
      "account_tokens",
      "activity_log",
      "app_messages",
      "app_platform_config",
      "app_versions",
      "back_office_settings",
      "business_activity",
      "business_admins",
      "business_purchases",
      "business_reminders",
      "businesses",
      "deletion_requests",
      "favourites",
      "host_requests",
      "interests",
      "invoice_counters",
      "invoices",
      "job_claims",
      "listening_day_totals",
      "listening_progress",
      "listening_sessions",
      "listening_sync_refusals",
      "listening_user_days",
      "media_files",
      "message_reads",
      "notifications",
      "plays",
      "portal_sessions",
      "portal_tokens",
      "push_subscriptions",
      "rate_limits",
      "recovery_codes",
      "reminder_sends",
      "reminder_settings",
      "resources",
      "row_counts",
      "seat_holdings",
      "series",
      "series_items",
      "server_keys",
      "sessions",
      "subscription_codes",
      "support_messages",
      "support_replies",
      "today_picks",
      "used_sign_in_challenges",
      "user_interests",
      "user_messages",
      "user_signups_monthly",
      "users",
    ]);
  });

  it("a second run is a no-op", async () => {
    const before = { tables: await tables(), applied: await applied() };
    expect(before.applied).toBeGreaterThan(0);
    await database.migrate();
    expect({ tables: await tables(), applied: await applied() }).toEqual(before);
  });

  it("keep the monthly sign-up counts in step with the users table", async () => {
    const counted = async () =>
      (
        await queryRows<{ month: string; n: number }>(
          database.db,
          sql`select to_char(month, 'YYYY-MM') as month, n::int as n from user_signups_monthly where n > 0 order by month`,
        )
      ).map((r) => [r.month, r.n]);
    const actual = async () =>
      (
        await queryRows<{ month: string; n: number }>(
          database.db,
          sql`select to_char(date_trunc('month', time_created), 'YYYY-MM') as month, count(*)::int as n from users group by 1 order by 1`,
        )
      ).map((r) => [r.month, r.n]);
    await database.db.execute(
      sql`insert into users (username, email, time_created) select 'c' || g, 'c' || g || '@count.test', now() - (g * 20 || ' days')::interval from generate_series(1, 40) g`,
    );
    await database.db.execute(
      sql`delete from users where email in ('c3@count.test', 'c17@count.test', 'c18@count.test')`,
    );
    expect(await counted()).toEqual(await actual());
    expect((await counted()).length).toBeGreaterThan(10);
  });

  it("keep the contents' row count and search document in step with their tables", async () => {
    const kept = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select n::int as n from row_counts where table_name = 'resources'`,
        )
      )[0]?.n;
    const actual = async () =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from resources`))[0]?.n;
    await database.db.execute(sql`insert into interests (name, position) values ('Forêt', 1)`);
    await database.db.execute(
      sql`insert into resources (title, mood, interest_id) select 'Count ' || g, 'happy', (select id from interests where name = 'Forêt') from generate_series(1, 30) g`,
    );
    await database.db.execute(sql`delete from resources where title in ('Count 3', 'Count 17')`);
    expect(await kept()).toBe(28);
    expect(await kept()).toBe(await actual());
    const [doc] = await queryRows<{ search_doc: string }>(
      database.db,
      sql`select search_doc from resources where title = 'Count 1'`,
    );
    expect(doc?.search_doc).toBe(" count 1  foret");
    await database.db.execute(sql`truncate resources cascade`);
    expect(await kept()).toBe(0);
  });

  it("enforce the constraints the data model promises", async () => {
    const insert = (email: string) =>
      database.db.execute(sql`insert into users (username, email) values ('x', ${email})`);
    await insert("Same@Example.test");
    // E-mails are unique whatever their case.
    await expect(insert("same@example.TEST")).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`insert into sessions (user_id, token_hash, expires_at) values (gen_random_uuid(), 'h', now())`,
      ),
    ).rejects.toThrow();
  });
});
