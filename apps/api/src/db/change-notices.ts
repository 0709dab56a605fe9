/**
 * The database's change notices (migrations 0023, 0024): triggers announce, on the channel
 * `serene_changes`, a change to what an instance keeps in memory: `session:<user id>` (that user's
 * sessions, or what a session carries of the user), `session:*` (every session), `app_message`,
 * `portal_session` (every business portal session, and who administers which business).
 * PostgreSQL delivers them at commit to every instance listening (LISTEN/NOTIFY); PGlite, one
 * process, to its own listener as the writing statement returns.
 */
export const CHANGES_CHANNEL = "serene_changes";

/** A notice's payload, or null: notices may have been missed (or flow again), forget everything. */
export type ChangeListener = (payload: string | null) => void;

export class ChangeNotices {
  #listeners = new Set<ChangeListener>();
  #live = false;
  #start: (() => void) | undefined;

  /** `start` begins listening; it is called at the first subscription (a script never listens). */
  constructor(start?: () => void) {
    this.#start = start;
  }

  /** Whether notices arrive now: while they do not, nothing may be answered from memory. */
  get live() {
    return this.#live;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    const start = this.#start;
    this.#start = undefined;
    start?.();
    return () => this.#listeners.delete(listener);
  }

  /** A notice from the database (the driver calls this). */
  notice(payload: string) {
    for (const listener of this.#listeners) listener(payload);
  }

  /** Notices start or stop arriving (the driver calls this): either way, what was kept is forgotten. */
  setLive(live: boolean) {
    this.#live = live;
    for (const listener of this.#listeners) listener(null);
  }
}

export interface NoticedCacheOptions<V> {
  /** The notices that concern it: `<topic>` and `<topic>:*` forget everything, `<topic>:<id>` what `owner` says is id's. */
  topic: string;
  owner?: (value: V) => string;
  /** Whether a kept value may still be answered (e.g. a session not yet expired). */
  fresh?: (value: V, now: number) => boolean;
  /** A value is read again after this long even without a notice: the safety net for a lost one. */
  ceilingMs?: number;
  /** At most this many values are kept (the oldest go first). */
  max?: number;
}

/**
 * Values read from the database kept in memory until a change notice says they changed, at most
 * `ceilingMs`. Only while notices arrive (`changes.live`); a value read while a notice for it came
 * in is not kept (it may be older than the change). An absent value (undefined) is never kept.
 */
export class NoticedCache<V> {
  #entries = new Map<string, { value: V; until: number }>();
  /** Counts what was forgotten: a read that saw it move may predate a change. */
  #generation = 0;
  #changes: ChangeNotices;
  #options: NoticedCacheOptions<V>;

  constructor(changes: ChangeNotices, options: NoticedCacheOptions<V>) {
    this.#changes = changes;
    this.#options = options;
    changes.subscribe((payload) => this.#forget(payload));
  }

  #forget(payload: string | null) {
    const { topic, owner } = this.#options;
    if (payload === null || payload === topic || payload === `${topic}:*`) {
      this.#generation++;
      this.#entries.clear();
      return;
    }
    if (!payload.startsWith(`${topic}:`) || !owner) return;
    const id = payload.slice(topic.length + 1);
    this.#generation++;
    for (const [key, entry] of this.#entries) if (owner(entry.value) === id) this.#entries.delete(key);
  }

  /** The kept value for `key`, else `load`'s (kept when it may be). */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = Date.now();
    const kept = this.#entries.get(key);
    if (kept && kept.until > now && (this.#options.fresh?.(kept.value, now) ?? true)) return kept.value;
    if (kept) this.#entries.delete(key);
    const generation = this.#generation;
    const value = await load();
    if (value !== undefined && this.#changes.live && generation === this.#generation) {
      const { max = 10_000, ceilingMs = 60_000 } = this.#options;
      if (this.#entries.size >= max) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, { value, until: now + ceilingMs });
    }
    return value;
  }
}
