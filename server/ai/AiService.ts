import type * as Y from 'yjs';
import type { z } from 'zod';
import type { Actor, DocumentRegistry, ItemView } from '../../crdt/index.js';
import { ItemLockedError, ItemValidationError, applyBatchPlan, assertConvertible, boardIndex, getItem, getItemType, listItemTypes, patchItem } from '../../crdt/index.js';
import type { Clock, Database } from '../../storage/index.js';
import type { AccessService } from '../access/AccessService.js';
import { requireUnlocked } from '../access/AccessService.js';
import type { BoardAction } from '../access/roles.js';
import type { AccountService } from '../accounts/AccountService.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import type { UsageService } from '../accounts/UsageService.js';
import type { Principal } from '../auth/Principal.js';
import type { WriteEventJournal } from '../content/WriteEventJournal.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { ServiceError, ValidationError, errors } from '../errors.js';
import type { JobService } from '../jobs/JobService.js';
import type { AiProvider, AiUsage } from './AiProvider.js';
import type { AiActivity } from './aiWriteEvents.js';
import { aiWriteEvents } from './aiWriteEvents.js';
import type { AiTask, OutputType, ReviewAspect, SkillDraft } from './aiTasks.js';
import { askOutputSchema, convertOutputSchema, convertTask, modifyOutputSchema, planOutputSchema, reviewAspects, reviewOutputSchema, skillDraftOutputSchema } from './aiTasks.js';
import { outlinePassages, reviewItems } from './boardContext.js';
import type { CreditStats, CreditTally } from './CreditTally.js';
import type { PlannedCreate } from './planItems.js';
import { placePlan } from './planItems.js';
import { findFreeSpot } from './placement.js';
import { renderPrompts } from './prompts.js';
import { MeteredRuns } from './MeteredRuns.js';
import type { Outcome } from './MeteredRuns.js';
import { createdItems, notBlank, revalidate, stopIfGone } from './aiChecks.js';

/** Which provider answered and what it spent. */
export interface AiMeta {
  provider: string;
  model: string;
  usage: AiUsage;
}

export type { Outcome } from './MeteredRuns.js';

/** Dependencies of `AiService`. */
export interface AiServiceOptions {
  provider: AiProvider;
  access: AccessService;
  accounts: AccountService;
  usage: UsageService;
  documents: DocumentRegistry;
  /** Its document log's `sync`: an AI write answers once its update and the rows of its events survive power loss. */
  db: Pick<Database, 'documents'>;
  jobs: JobService;
  clock: Clock;
  /**
   * Where AI writes journal their events before their update is stored, and emit them from:
   * `board.changed`, item events (`source: 'batch'`) and `ai.applied` (the activity row, the AI's own).
   */
  journal: Pick<WriteEventJournal, 'write'>;
  /** Counts the credits reserved and given back (metrics). */
  credits: CreditTally;
}

/** Input of plan and generate (and of skill apply, with `instructions`). */
export interface GenerateInput {
  prompt: string;
  outputType?: OutputType | undefined;
  position?: { x: number; y: number } | undefined;
  /** A skill's instructions appended to the prompt. */
  instructions?: string | undefined;
}

/** Item types the AI does not rewrite. */
const notModifiable = new Set(['comment', 'connector']);

/**
 * The AI assistant on boards. Each operation checks the caller's rights first, reserves its
 * credits atomically (402 names the allowance that is short, and nothing is called), asks the
 * provider for JSON of a fixed shape, validates it against the item catalogue, and writes it as
 * one transaction (one update, one broadcast, one activity row attributed to the person "via
 * AI"). Any failure after the reservation gives the credits back and leaves the board as it was.
 */
export class AiService {
  readonly #o: AiServiceOptions;
  readonly #metering: MeteredRuns;

  constructor(options: AiServiceOptions) {
    this.#o = options;
    this.#metering = new MeteredRuns(options);
  }

  /** Credits reserved (by operation) and given back since the process started. */
  creditStats(): CreditStats {
    return this.#o.credits.stats();
  }

  /** The configured provider's name (`builtin` or `openai`). */
  get providerName(): string {
    return this.#o.provider.name;
  }

  async #board(principal: Principal, boardId: string, action: BoardAction) {
    const { board, role } = await this.#o.access.requireBoard(principal.user.id, boardId, action);
    if (action !== 'read') requireUnlocked(board, role);
    return board;
  }

  async #ask<T>(task: AiTask, schema: z.ZodType<T>, schemaName: string, signal?: AbortSignal): Promise<{ value: T; meta: AiMeta }> {
    const { system, prompt } = renderPrompts(task);
    const done = await this.#o.provider.complete({ task, system, prompt, schema, schemaName, ...(signal ? { signal } : {}) });
    return { value: done.value, meta: { provider: done.provider, model: done.model, usage: done.usage } };
  }

  /**
   * One stored transaction and its events (`aiWriteEvents`: `board.changed`, the item events of
   * what it did, and its activity row as `ai.applied`), journaled before its update is stored and
   * emitted once it is (`WriteEventJournal`), then one durability wait for the update and the rows
   * the events wrote.
   */
  async #write<T>(principal: Principal, board: BoardRecord, fn: (doc: Y.Doc, actor: Actor) => T, changed: (result: T) => { created?: string[]; updated?: string[]; deleted?: string[] }, activity: (result: T) => AiActivity): Promise<T> {
    const actor: Actor = { actorId: principal.user.id };
    const result = await this.#o.journal.write(board.id, actor, fn, (value, doc, journalId) => {
      const base = { workspaceId: board.workspaceId, boardId: board.id, actor: { userId: principal.user.id, name: principal.user.name }, at: this.#o.clock.now() };
      const ids = changed(value);
      return aiWriteEvents(base, doc, journalId, { created: ids.created ?? [], updated: ids.updated ?? [], deleted: ids.deleted ?? [] }, activity(value));
    });
    await this.#o.db.documents.sync();
    return result;
  }

  async #ensureRoom(boardId: string, workspaceId: string, adding: number): Promise<void> {
    const { plan } = await this.#o.accounts.getWorkspace(workspaceId);
    const limit = plans[plan].itemsPerBoard;
    const count = (await this.#o.documents.open(boardId)).getMap('items').size;
    if (count + adding > limit) throw planCapError('itemsPerBoard', plan, `The board can hold ${limit} items on this plan; it has ${count}.`, { used: count });
  }

  /** Answers a question from the text the board's outline shows, citing the items used. Readers may ask; spends a credit and an assistant message. */
  async ask(principal: Principal, boardId: string, question: string, signal?: AbortSignal): Promise<{ answer: string; citations: { itemId: string; quote: string }[] } & AiMeta> {
    notBlank(question, 'question');
    await this.#board(principal, boardId, 'read');
    const outcome = await this.#metering.run(principal, 'ask', { kind: 'ai.ask', boardId, async: false, signal }, async (gone) => {
      const passages = outlinePassages(await this.#o.documents.open(boardId));
      const { value, meta } = await this.#ask({ kind: 'ask', question, passages }, askOutputSchema, 'board_answer', gone);
      stopIfGone(gone);
      const known = new Set(passages.map((p) => p.itemId));
      // A citation of an item that is not on the board is dropped, never passed on.
      return { answer: value.answer, citations: value.citations.filter((c) => known.has(c.itemId)), ...meta };
    });
    return (outcome as { value: Awaited<ReturnType<AiService['ask']>> }).value;
  }

  async #plan(boardId: string, input: GenerateInput, outputType: OutputType, signal: AbortSignal | undefined) {
    const task: AiTask = { kind: 'plan', prompt: input.prompt, outputType, ...(input.instructions ? { instructions: input.instructions } : {}) };
    const { value, meta } = await this.#ask(task, planOutputSchema, 'board_plan', signal);
    const doc = await this.#o.documents.open(boardId);
    const placed = placePlan(doc, value, outputType, input.position ?? { x: 0, y: 0 });
    return { rationale: value.rationale, placed, meta };
  }

  /**
   * The planner's proposal: complete create operations (placed, validated), nothing written. Editors
   * and above. `signal` (the caller going away) aborts the provider's call and gives the credits back.
   */
  async plan(principal: Principal, boardId: string, input: GenerateInput, signal?: AbortSignal): Promise<{ rationale: string; outputType: OutputType; items: PlannedCreate[] } & AiMeta> {
    notBlank(input.prompt, 'prompt');
    await this.#board(principal, boardId, 'edit');
    const outputType = input.outputType ?? 'sticky_note';
    const outcome = await this.#metering.run(principal, 'plan', { kind: 'ai.plan', boardId, async: false, signal }, async (gone) => {
      const { rationale, placed, meta } = await this.#plan(boardId, input, outputType, gone);
      stopIfGone(gone);
      return { rationale, outputType, items: placed.operations, ...meta };
    });
    return (outcome as { value: Awaited<ReturnType<AiService['plan']>> }).value;
  }

  /**
   * Builds the plan for a prompt on the board in one transaction, in free space near
   * `position`. `operation` is `skillApply` for skills (same work, its own price and job kind).
   */
  async generate(
    principal: Principal,
    boardId: string,
    input: GenerateInput,
    options: { async?: boolean; operation?: 'generate' | 'skillApply'; activity?: Record<string, string>; signal?: AbortSignal | undefined } = {},
  ): Promise<Outcome<{ rationale: string; outputType: OutputType; items: ItemView[] } & AiMeta>> {
    notBlank(input.prompt, 'prompt');
    const board = await this.#board(principal, boardId, 'edit');
    const outputType = input.outputType ?? 'sticky_note';
    const operation = options.operation ?? 'generate';
    return this.#metering.run(principal, operation, { kind: operation === 'generate' ? 'ai.generate' : 'skill.apply', boardId, async: options.async === true, signal: options.signal }, async (signal) => {
      const { rationale, placed, meta } = await this.#plan(boardId, input, outputType, signal);
      await this.#ensureRoom(boardId, board.workspaceId, placed.operations.length);
      stopIfGone(signal);
      const result = await this.#write(
        principal,
        board,
        (doc, actor) => {
          // Validated again against the document it is applied to: a concurrent edit may have landed meanwhile.
          const batch = revalidate(doc, placed.operations);
          return applyBatchPlan(doc, batch, actor, this.#o.clock.now());
        },
        (r) => ({ created: r.results.map((x) => x.id) }),
        (r) => ({
          action: operation === 'generate' ? 'ai.generated' : 'skill.applied',
          itemId: null,
          data: { via: 'ai', provider: meta.provider, outputType, items: createdItems(r).length, ...options.activity },
        }),
      );
      const items = createdItems(result);
      return { rationale, outputType, items, ...meta };
    });
  }

  /**
   * A skill draft (name, description, instructions, placeholder, tags) for a description and an
   * output type; nothing stored. Spends a credit, given back when `signal` (the caller going away) aborts it.
   */
  async draftSkill(principal: Principal, description: string, outputType: OutputType, signal?: AbortSignal): Promise<SkillDraft & AiMeta> {
    notBlank(description, 'description');
    const outcome = await this.#metering.run(principal, 'skillDraft', { kind: 'skill.draft', boardId: '', async: false, signal }, async (gone) => {
      const { value, meta } = await this.#ask({ kind: 'draftSkill', description, outputType }, skillDraftOutputSchema, 'skill_draft', gone);
      stopIfGone(gone);
      return { ...value, ...meta };
    });
    return (outcome as { value: Awaited<ReturnType<AiService['draftSkill']>> }).value;
  }

  /** Rewrites one item's text fields in place from an instruction, in one transaction. Editors and above. */
  async modify(principal: Principal, boardId: string, itemId: string, instruction: string, options: { async?: boolean; signal?: AbortSignal | undefined } = {}): Promise<Outcome<{ item: ItemView } & AiMeta>> {
    notBlank(instruction, 'instruction');
    const board = await this.#board(principal, boardId, 'edit');
    const current = getItem(await this.#o.documents.open(boardId), itemId);
    // Refused before credits are spent and the provider is asked (the write refuses it too, should it be locked meanwhile).
    if (current.locked) throw new ItemLockedError(itemId, { field: 'itemId' });
    const textFields = getItemType(current.type).textFields.filter((field) => typeof current.data[field] === 'string');
    if (notModifiable.has(current.type) || textFields.length === 0) {
      throw errors.invalid('itemId', `A ${current.type} has no text the assistant can rewrite.`);
    }
    const fields = Object.fromEntries(textFields.map((field) => [field, String(current.data[field])]));
    return this.#metering.run(principal, 'modify', { kind: 'ai.modify', boardId, async: options.async === true, signal: options.signal }, async (signal) => {
      const { value, meta } = await this.#ask({ kind: 'modify', instruction, itemType: current.type, fields }, modifyOutputSchema, 'item_text', signal);
      const rewritten = Object.fromEntries(Object.entries(value.fields).filter(([field]) => textFields.includes(field)));
      if (Object.keys(rewritten).length === 0) throw new ServiceError('ai_output_invalid', 'The AI answer rewrote none of the item\'s text fields.');
      stopIfGone(signal);
      let item: ItemView;
      try {
        item = await this.#write(
          principal,
          board,
          (doc, actor) => patchItem(doc, itemId, { data: rewritten }, actor, this.#o.clock.now()),
          () => ({ updated: [itemId] }),
          () => ({ action: 'ai.modified', itemId, data: { via: 'ai', provider: meta.provider, fields: Object.keys(rewritten).sort().join(',') } }),
        );
      } catch (error) {
        if (error instanceof ItemValidationError) throw new ServiceError('ai_output_invalid', `The rewritten text does not validate (${error.issues[0]?.field ?? 'data'}: ${error.issues[0]?.message ?? 'invalid'}); nothing was written.`);
        throw error;
      }
      return { item, ...meta };
    });
  }

  /** Scores the board per aspect with reasons and the items concerned. Readers may review. `signal`: as `plan`. */
  async review(principal: Principal, boardId: string, aspects: readonly ReviewAspect[] = reviewAspects, signal?: AbortSignal): Promise<{ overall: number; aspects: { name: string; score: number; feedback: string; itemIds: string[] }[] } & AiMeta> {
    await this.#board(principal, boardId, 'read');
    const wanted = aspects.length === 0 ? reviewAspects : [...new Set(aspects)];
    const outcome = await this.#metering.run(principal, 'review', { kind: 'ai.review', boardId, async: false, signal }, async (gone) => {
      const items = reviewItems(await this.#o.documents.open(boardId));
      const { value, meta } = await this.#ask({ kind: 'review', aspects: wanted, items }, reviewOutputSchema, 'board_review', gone);
      stopIfGone(gone);
      const known = new Set(items.map((i) => i.id));
      return { overall: value.overall, aspects: value.aspects.map((a) => ({ ...a, itemIds: a.itemIds.filter((id) => known.has(id)) })), ...meta };
    });
    return (outcome as { value: Awaited<ReturnType<AiService['review']>> }).value;
  }

  /**
   * Rebuilds an item as `targetType` (one of its type's `convertsTo`) and deletes the source
   * unless `keepSource` (then the new item goes in free space beside it), in one transaction.
   * Run now, `signal` (the caller going away) aborts it: nothing written, the credits given back.
   */
  async convert(
    principal: Principal,
    boardId: string,
    itemId: string,
    input: { targetType: string; keepSource: boolean },
    options: { async?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<Outcome<{ item: ItemView; deletedIds: string[] } & AiMeta>> {
    if (!listItemTypes().some((t) => t.type === input.targetType)) throw errors.invalid('targetType', `Unknown item type '${input.targetType}'; see GET /item-types.`);
    await this.#board(principal, boardId, 'edit');
    const source = getItem(await this.#o.documents.open(boardId), itemId);
    // Deleting a locked source is refused; a convert that keeps it only adds an item.
    if (source.locked && !input.keepSource) throw new ItemLockedError(itemId);
    try {
      assertConvertible(source.type, input.targetType);
    } catch (error) {
      throw new ValidationError([{ field: 'targetType', message: error instanceof Error ? error.message : 'cannot be converted to' }], { cause: error });
    }
    const board = await this.#board(principal, boardId, 'edit');
    if (input.keepSource) await this.#ensureRoom(boardId, board.workspaceId, 1);
    return this.#metering.run(principal, 'convert', { kind: 'item.convert', boardId, async: options.async === true, signal: options.signal }, async (signal) => {
      const { value, meta } = await this.#ask(convertTask(source, input.targetType), convertOutputSchema, 'converted_item', signal);
      if (value.item.type !== input.targetType) throw new ServiceError('ai_output_invalid', `The AI answer built a ${value.item.type}, not a ${input.targetType}.`);
      stopIfGone(signal);
      const defaults = getItemType(input.targetType).defaultSize;
      const size = { width: value.item.width ?? defaults.width, height: value.item.height ?? defaults.height };
      const result = await this.#write(principal, board, (doc, actor) => {
        const current = getItem(doc, itemId);
        const position = input.keepSource
          ? findFreeSpot(boardIndex(doc).occupancy(), size, { x: current.position.x + current.size.width / 2 + size.width / 2 + 40, y: current.position.y })
          : current.position;
        const operations = [
          { op: 'create', ref: 'converted', type: input.targetType, position, size, data: value.item.data },
          ...(input.keepSource ? [] : [{ op: 'delete', id: itemId }]),
        ];
        return applyBatchPlan(doc, revalidate(doc, operations), actor, this.#o.clock.now());
      }, (r) => ({
        created: r.results.flatMap((x) => (x.op === 'create' ? [x.id] : [])),
        deleted: r.results.flatMap((x) => (x.op === 'delete' ? [...x.deletedIds] : [])),
      }), (r) => ({
        action: 'item.converted',
        itemId: r.results.find((x) => x.op === 'create')?.id ?? null,
        data: { via: 'ai', provider: meta.provider, sourceId: itemId, from: source.type, to: input.targetType, keptSource: input.keepSource },
      }));
      const created = result.results.find((r) => r.op === 'create');
      const deleted = result.results.find((r) => r.op === 'delete');
      if (!created || created.op !== 'create' || !created.item) throw new ServiceError('internal_error', 'The converted item is missing.');
      return { item: created.item, deletedIds: deleted && deleted.op === 'delete' ? [...deleted.deletedIds] : [], ...meta };
    });
  }
}
