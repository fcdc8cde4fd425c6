import type { Collection, Database } from '../../storage/index.js';
import { AssetStore } from '../../storage/index.js';
import type { BoardMemberRecord, BoardRecord, InvitationRecord, PublicLinkRecord, SpaceMemberRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { ActivityService } from './ActivityService.js';
import type { BoardDocuments } from './BoardDocuments.js';
import { KeptMarks } from './KeptMarks.js';

/** Deletes boards and spaces for good, with everything that hangs off them (document, uploaded images, sharing, link, activity). */
export class BoardPurger {
  readonly #boards: Collection<BoardRecord>;
  readonly #spaces: Collection<SpaceRecord>;
  readonly #boardMembers: Collection<BoardMemberRecord>;
  readonly #spaceMembers: Collection<SpaceMemberRecord>;
  readonly #links: Collection<PublicLinkRecord>;
  readonly #invitations: Collection<InvitationRecord>;
  readonly #activity: ActivityService;
  readonly #documents: BoardDocuments;
  readonly #assets: AssetStore;
  readonly #kept: KeptMarks;

  constructor(db: Database, deps: { activity: ActivityService; documents: BoardDocuments }) {
    this.#boards = db.collection<BoardRecord>(boardCollections.boards);
    this.#spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    this.#boardMembers = db.collection<BoardMemberRecord>(boardCollections.boardMembers);
    this.#spaceMembers = db.collection<SpaceMemberRecord>(boardCollections.spaceMembers);
    this.#links = db.collection<PublicLinkRecord>(boardCollections.publicLinks);
    this.#invitations = db.collection<InvitationRecord>(boardCollections.invitations);
    this.#activity = deps.activity;
    this.#documents = deps.documents;
    this.#assets = new AssetStore(db);
    this.#kept = new KeptMarks(db);
  }

  /**
   * Deletes a board for good. The record goes first so nobody opens the board while its document
   * is removed. Records naming journal rows still waiting have them kept first (`KeptMarks`).
   */
  async purgeBoard(boardId: string): Promise<void> {
    await this.#kept.deleteMany(this.#boards, { id: boardId });
    await this.#documents.delete(boardId);
    await this.#assets.deleteBoard(boardId);
    await this.#kept.deleteMany(this.#boardMembers, { boardId });
    await this.#kept.deleteMany(this.#links, { id: boardId });
    await this.#kept.deleteMany(this.#invitations, { resourceType: 'board', resourceId: boardId });
    await this.#activity.deleteBoard(boardId);
  }

  /** Deletes a space for good with the boards that went to trash with it; returns how many boards. */
  async purgeSpace(spaceId: string): Promise<number> {
    const boards = await this.#boards.find({ trashedWithSpaceId: spaceId });
    for (const board of boards) await this.purgeBoard(board.id);
    await this.#kept.deleteMany(this.#spaces, { id: spaceId });
    await this.#kept.deleteMany(this.#spaceMembers, { spaceId });
    await this.#kept.deleteMany(this.#links, { id: spaceId });
    await this.#kept.deleteMany(this.#invitations, { resourceType: 'space', resourceId: spaceId });
    return boards.length;
  }
}
