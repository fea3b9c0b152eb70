/**
 * A cache keyed by database: each database object (a handle or a transaction) gets a map of its
 * own, dropped with it. A server opens one database; the test suite opens many in one process, and
 * one database's cached facts must never answer for another's.
 */
export function perDatabase<K, V>(): (db: object) => Map<K, V> {
  const maps = new WeakMap<object, Map<K, V>>();
  return (db) => {
    let map = maps.get(db);
    if (!map) {
      map = new Map<K, V>();
      maps.set(db, map);
    }
    return map;
  };
}
