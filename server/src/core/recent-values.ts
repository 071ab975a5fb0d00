/**
 * Values kept a while, per key and per database handle (a process may hold several: tests, the
 * bench), at most `kept` of them, the oldest dropped first: what costs a statement to learn and may
 * be a little old — a list's row estimate, a table analyzed lately, a term a referred table holds
 * too often to list its ids.
 */
export type RecentValues<V> = {
  /** The value kept for `key`, unless it is older than the time it is kept for. */
  get(db: object, key: string): V | undefined;
  set(db: object, key: string, value: V): void;
};

export function recentValues<V>(keptMs: number, kept: number): RecentValues<V> {
  const perDb = new WeakMap<object, Map<string, { value: V; at: number }>>();
  return {
    get(db, key) {
      const hit = perDb.get(db)?.get(key);
      return hit && Date.now() - hit.at < keptMs ? hit.value : undefined;
    },
    set(db, key, value) {
      const values = perDb.get(db) ?? new Map<string, { value: V; at: number }>();
      perDb.set(db, values);
      values.delete(key); // set anew: the newest again
      if (values.size >= kept) values.delete(values.keys().next().value!);
      values.set(key, { value, at: Date.now() });
    },
  };
}
