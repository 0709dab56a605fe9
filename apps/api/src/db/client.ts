import { Column, is, type Placeholder, SQL, sql } from "drizzle-orm";
import type { Client } from "pg";
import {
  type PgDatabase,
  type PgDialect,
  type PgQueryResultHKT,
  type PgSession,
  PgTimestamp,
} from "drizzle-orm/pg-core";
import { CHANGES_CHANNEL, ChangeNotices } from "./change-notices.ts";
import * as schema from "./schema/index.ts";
import type { Instants } from "../lib/iso.ts";
import { isoOfTimestamp, parseTimestamp } from "./timestamps.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** What the database announces as it changes (change-notices.ts): instances forget what they kept. */
  changes: ChangeNotices;
  /** Applies pending migrations; a no-op when none are pending. Safe with several instances starting at once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its own (migrations, then the first admin and the
   * demo data at start-up): a PostgreSQL advisory lock held on a connection of its own; PGlite's
   * data folder is locked to one process already.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; without it PGlite lives in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite: start from this dumped data folder (`dumpDataDir`), e.g. an already migrated one. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  migrationsFolder: string;
}

// Any fixed number: serialises start-up work (migrations, demo data) across instances sharing one PostgreSQL.
const STARTUP_LOCK_KEY = 424242;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/** The extensions the migrations create: every PGlite opened on Serene's data loads them. */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/unaccent"),
  ]);
  return { pg_trgm, unaccent };
}

// Each driver is loaded only when it is used: a server on PostgreSQL never loads PGlite, and back.
async function openPglite(options: DatabaseOptions): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
    pgliteExtensions(),
  ]);
  const client = await PGlite.create(options.dataDir, { extensions, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One process: a notice reaches this listener as the statement that caused it returns.
  const changes = new ChangeNotices();
  await client.listen(CHANGES_CHANNEL, (payload) => changes.notice(payload));
  changes.setLive(true);
  return {
    db,
    kind: "pglite",
    changes,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: options.migrationsFolder }),
    exclusively: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const changes = new ChangeNotices(() => listener.start());
  const listener = changeListener(() => new pg.Client({ connectionString: url }), changes);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // The pool's connections listen too (before their first query): this instance's own change
    // reaches it with the statement's answer (PostgreSQL sends a session its own notices at
    // commit), not a moment later on the listener's connection.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool awaits it (its types say void)
    onConnect: async (client) => {
      client.on("notification", (n) => n.channel === CHANGES_CHANNEL && changes.notice(n.payload ?? ""));
      await client.query(`listen ${CHANGES_CHANNEL}`).catch(() => {});
    },
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // The lock's connection is not the pool's: the work has the whole pool.
  const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
    const conn = new pg.Client({ connectionString: url });
    await conn.connect();
    try {
      await conn.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
      return await work();
    } finally {
      await conn.end().catch(() => {});
    }
  };
  return {
    db,
    kind: "postgres",
    changes,
    migrate: () =>
      exclusively(() => migratePg(drizzlePg(pool), { migrationsFolder: options.migrationsFolder })),
    exclusively,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await listener.stop();
      await pool.end();
    },
  };
}

/**
 * Other instances' changes, on a connection of its own (the pool's come and go): notices are
 * `live` while it listens; a lost connection stops them (everything kept is forgotten) and is
 * opened again a second later.
 */
function changeListener(connect: () => Client, changes: ChangeNotices) {
  let client: Client | undefined;
  let stopped = false;
  const start = () => {
    if (stopped) return;
    const conn = connect();
    client = conn;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (changes.live) changes.setLive(false);
      conn.end().catch(() => {});
      if (!stopped) setTimeout(start, 1000).unref();
    };
    conn.on("error", onLost);
    conn.on("end", onLost);
    conn.on("notification", (n) => n.channel === CHANGES_CHANNEL && changes.notice(n.payload ?? ""));
    conn
      .connect()
      .then(() => conn.query(`listen ${CHANGES_CHANNEL}`))
      .then(() => !lost && !stopped && changes.setLive(true), onLost);
  };
  return {
    start,
    stop: async () => {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * A hot query built by drizzle once per database handle instead of on every call, run as a named
 * prepared statement (PostgreSQL parses and plans it once per connection). `build` ends in
 * `.prepare(name)`; parameters are `sql.placeholder`s given to `execute`.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/** What a prepared select maps its rows with (drizzle's own, not in its types): each column's path and field. */
interface SelectFields {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/**
 * Gives a prepared flat select (one level of columns) a row mapper worked out once: drizzle's
 * own maps every row column by column, asking each field what it is, on every call. The values
 * are each column's own `mapFromDriverValue`, null kept null, but for a timestamp in UTC: that
 * is the instant as the API writes it (`Instants`), not a Date. Nested selects keep drizzle's mapper.
 */
export function withFlatRows<Query extends object>(query: Query): Query {
  const { fields } = query as SelectFields;
  if (!fields?.every(({ path, field }) => path.length === 1 && (is(field, Column) || is(field, SQL)))) {
    return query;
  }
  const keys = fields.map(({ path }) => path[0]!);
  type Decoder = { mapFromDriverValue(value: unknown): unknown };
  const decoders = fields.map(({ field }): ((value: unknown) => unknown) | undefined => {
    const decoder = (
      is(field, Column) ? field : (field as unknown as { decoder: Decoder }).decoder
    ) as Decoder;
    // A column that keeps the driver's value as it is needs no call.
    if (decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue) return undefined;
    const map = (value: unknown) => decoder.mapFromDriverValue(value);
    // Timestamps (every list's dates): in UTC, as the API writes them, straight from their text;
    // else as Dates, without JavaScript's slow parser of free-form dates.
    if (is(decoder, PgTimestamp))
      return (value) =>
        (typeof value === "string" && (isoOfTimestamp(value) ?? parseTimestamp(value))) || map(value);
    return map;
  });
  // The row as one object literal of its keys, written once per query: every row is built with the
  // same shape at once, instead of key by key from an empty object (~0.7 µs a page of 20 instead of
  // ~7.5, issue 36). The keys are the select's own field names, quoted as JSON.
  const literal = keys.map((key, i) => {
    const value = `row[${i}]`;
    return `${JSON.stringify(key)}: ${decoders[i] ? `${value} === null ? null : decoders[${i}](${value})` : value}`;
  });
  const mapRow = new Function("decoders", `return (row) => ({ ${literal.join(", ")} });`)(decoders) as (
    row: unknown[],
  ) => Record<string, unknown>;
  (query as SelectFields).customResultMapper = (rows) => rows.map((row) => mapRow(row));
  return query;
}

/** A list's page query: in one of its orders, filtered or not, at a limit and offset. */
type PageQuery<Sort, Row> = (
  db: Db,
  sort: Sort,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) => PromiseLike<Row[]> & {
  prepare(name: string): { execute(values: { limit: number; offset: number }): Promise<Row[]> };
};

/**
 * Reads a list's page. Unfiltered (the list's hot path) it runs the named prepared statement
 * `<name>_page_<sort>`, built once per database handle and order; filtered, the query built for
 * the call. Its timestamps may be instants already written (`withFlatRows`).
 */
export function listPage<Sort extends string, Row>(
  name: string,
  sorts: readonly Sort[],
  page: PageQuery<Sort, Row>,
) {
  type Prepared = ReturnType<ReturnType<PageQuery<Sort, Row>>["prepare"]>;
  const unfiltered = Object.fromEntries(
    sorts.map((sort) => [
      sort,
      preparedQuery((db) =>
        withFlatRows(
          page(db, sort, undefined, sql.placeholder("limit"), sql.placeholder("offset")).prepare(
            `${name}_page_${sort}`,
          ),
        ),
      ),
    ]),
  ) as Record<Sort, (db: Db) => Prepared>;
  return async (
    db: Db,
    sort: Sort,
    where: SQL | undefined,
    limit: number,
    offset: number,
  ): Promise<Instants<Row>[]> =>
    // A Date is an instant: a row of Dates is a row of instants (which TypeScript cannot see for any Row).
    (where
      ? page(db, sort, where, limit, offset)
      : unfiltered[sort](db).execute({ limit, offset })) as Promise<Instants<Row>[]>;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A raw SQL query as the named prepared statement `name`, on this database handle. */
function prepareRaw(db: Db, name: string, query: SQL) {
  // The session and dialect are drizzle's own (not in its types): what db.execute uses, with a name.
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}

/**
 * Rows of a raw SQL query run as the named prepared statement `name` (on PostgreSQL, parsed and
 * planned once per connection). One name, one text: the query may vary only in its parameters.
 */
export async function queryRowsPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const result = await prepareRaw(db, name, query).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A raw SQL query whose text and parameters never change (a hot count), turned into the named
 * prepared statement `name` once per database handle instead of on every call: its rows.
 */
export function fixedRowsPrepared<T>(name: string, query: SQL): (db: Db) => Promise<T[]> {
  const prepared = preparedQuery((db) => prepareRaw(db, name, query));
  return async (db) => ((await prepared(db).execute()) as { rows: T[] }).rows;
}
