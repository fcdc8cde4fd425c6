import type { IndexedBoardEntries, ItemSearchHit, SearchIndex, SearchItemInput, SearchOptions, SearchPageSpec, SearchResults } from '../SearchIndex.js';
import { queryTerms, searchWords, snippetOf } from '../searchText.js';
import type { MongoCollectionPort, MongoDbPort, MongoDocument } from './driverPort.js';
import { majorityJournaled } from './driverPort.js';

/** The collection holding the entries: one document per board title and per item with text. */
export const searchCollectionName = 'search_entries';

const writeOptions = { writeConcern: majorityJournaled };

/**
 * The search index as a MongoDB collection with a text index on `text` (language `none`: no
 * stemming, no stop words; text index version 3 folds case and diacritics). `$text` finds the
 * entries holding any query word through the index; `words` (the entry's distinct folded words,
 * split as `storage/searchText.ts` splits them) then keeps those holding every word, which gives
 * the AND rule of storage/SearchIndex.ts without `$text` phrases. Replacing a board's entries
 * is a delete then an insert: a search running in between may miss that board's entries.
 */
export class MongoSearchIndex implements SearchIndex {
  readonly #entries: MongoCollectionPort;
  #ready: Promise<void> | null = null;

  constructor(db: MongoDbPort) {
    this.#entries = db.collection(searchCollectionName);
  }

  /** Creates the text and board indexes once; a failed attempt is retried by the next call. */
  ready(): Promise<void> {
    if (!this.#ready) {
      const attempt = Promise.all([
        this.#entries.createIndex({ text: 'text' }, { ...writeOptions, name: 'tx_text', default_language: 'none' }),
        this.#entries.createIndex({ boardId: 1, itemId: 1 }, { ...writeOptions, name: 'ix_boardId_itemId' }),
      ]).then(() => undefined);
      this.#ready = attempt;
      attempt.catch(() => {
        if (this.#ready === attempt) this.#ready = null;
      });
    }
    return this.#ready;
  }

  async indexBoard(boardId: string, title: string, items: readonly SearchItemInput[]): Promise<void> {
    await this.ready();
    const docs: MongoDocument[] = [entry(boardId, null, 'board', title)];
    for (const item of items) {
      if (item.text.trim() !== '') docs.push(entry(boardId, item.itemId, item.type, item.text));
    }
    await this.#entries.deleteMany({ boardId: { $eq: boardId } }, writeOptions);
    await this.#entries.insertMany(docs, { ...writeOptions, ordered: true });
  }

  async updateBoard(boardId: string, title: string, items: readonly SearchItemInput[], removedItemIds: readonly string[]): Promise<void> {
    await this.ready();
    const replaced = [...removedItemIds, ...items.map((item) => item.itemId)];
    await this.#entries.deleteMany(
      { boardId: { $eq: boardId }, $or: [{ itemId: { $eq: null } }, { itemId: { $in: replaced } }] },
      writeOptions,
    );
    const docs: MongoDocument[] = [entry(boardId, null, 'board', title)];
    for (const item of items) {
      if (item.text.trim() !== '') docs.push(entry(boardId, item.itemId, item.type, item.text));
    }
    await this.#entries.insertMany(docs, { ...writeOptions, ordered: true });
  }

  async indexedEntries(boardId: string): Promise<IndexedBoardEntries> {
    await this.ready();
    const docs = await this.#entries.find({ boardId: { $eq: boardId } }).toArray();
    const out: IndexedBoardEntries = { title: null, items: [] };
    for (const doc of docs) {
      const itemId = doc['itemId'];
      if (itemId === null || itemId === undefined) out.title = String(doc['text']);
      else out.items.push({ itemId: String(itemId), type: String(doc['type']), text: String(doc['text']) });
    }
    return out;
  }

  async removeBoard(boardId: string): Promise<void> {
    await this.ready();
    await this.#entries.deleteMany({ boardId: { $eq: boardId } }, writeOptions);
  }

  async search(query: string, options: SearchOptions): Promise<SearchResults> {
    const terms = queryTerms(query);
    if (terms.length === 0 || options.boardIds.length === 0) {
      return { boards: [], items: [], moreBoards: false, moreItems: false };
    }
    await this.ready();
    const run = async (titles: boolean, page: SearchPageSpec): Promise<MongoDocument[]> => {
      if (page.limit <= 0) return [];
      const filter: MongoDocument = {
        $text: { $search: terms.join(' ') },
        words: { $all: terms },
        boardId: { $in: [...options.boardIds] },
        itemId: titles ? { $eq: null } : { $ne: null },
      };
      return this.#entries
        .find(filter, {
          projection: { score: { $meta: 'textScore' } },
          sort: { score: { $meta: 'textScore' }, boardId: 1, itemId: 1 },
          skip: page.offset,
          limit: page.limit + 1,
        })
        .toArray();
    };
    const [titles, items] = await Promise.all([run(true, options.boards), run(false, options.items)]);
    return {
      boards: titles.slice(0, options.boards.limit).map((doc) => ({ boardId: String(doc['boardId']), title: String(doc['text']) })),
      items: items.slice(0, options.items.limit).map((doc): ItemSearchHit => ({
        boardId: String(doc['boardId']),
        itemId: String(doc['itemId']),
        type: String(doc['type']),
        snippet: snippetOf(String(doc['text']), terms),
      })),
      moreBoards: options.boards.limit > 0 && titles.length > options.boards.limit,
      moreItems: options.items.limit > 0 && items.length > options.items.limit,
    };
  }
}

function entry(boardId: string, itemId: string | null, type: string, text: string): MongoDocument {
  return { boardId, itemId, type, text, words: [...new Set(searchWords(text))] };
}
