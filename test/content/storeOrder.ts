import type { Collection, Database, StoredRecord } from '../../storage/index.js';

/**
 * Records what reaches `db`'s store, in order: `row` when an insert into `rows` is called (on
 * sqlite the row is written then), `row stored` when its promise resolves, and `update` when the
 * document log's append (or `appendNow`) is called (`update with <row>` when the append is given
 * records to insert with the updates).
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
  store.append = (docId, updates, records) => {
    // Records appended with the update (PostgreSQL): one statement stores both.
    order.push(records === undefined ? 'update' : `update with ${records.map((row) => rowName(row.record as T)).join(', ')}`);
    return records === undefined ? append(docId, updates) : append(docId, updates, records);
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
