import type { Collection, Database, StoredRecord } from '../../storage/index.js';

/**
 * Records what reaches `db`'s store, in order: `row` when an insert into `rows` is called (on
 * sqlite the row is written then), `row stored` when its promise resolves, and `update` when the
 * document log's append (or `appendNow`) is called.
 */
export function recordStoreOrder<T extends StoredRecord>(db: Database, rows: Collection<T>, rowName: (record: T) => string = () => 'row'): string[] {
  const order: string[] = [];
  const insert = rows.insert.bind(rows);
  rows.insert = (record, options) => {
    const done = insert(record, options);
    order.push(rowName(record));
    void done.then(() => order.push('row stored'));
    return done;
  };
  const store = db.documents;
  const append = store.append.bind(store);
  store.append = (docId, updates) => {
    order.push('update');
    return append(docId, updates);
  };
  const appendNow = store.appendNow?.bind(store);
  if (appendNow) {
    store.appendNow = (docId, updates) => {
      order.push('update');
      return appendNow(docId, updates);
    };
  }
  return order;
}
