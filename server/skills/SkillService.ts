import type { z } from 'zod';
import type { ItemView } from '../../crdt/index.js';
import type { Clock, Collection, Database } from '../../storage/index.js';
import { newId } from '../../storage/index.js';
import type { SkillRecord } from '../../storage/schema/skills.js';
import { skillCollections } from '../../storage/schema/skills.js';
import { planCapError } from '../accounts/planCap.js';
import { plans } from '../accounts/plans.js';
import type { AiMeta, AiService, Outcome } from '../ai/AiService.js';
import type { OutputType, SkillDraft } from '../ai/aiTasks.js';
import { outputTypes } from '../ai/aiTasks.js';
import type { Principal } from '../auth/Principal.js';
import { errors, ValidationError } from '../errors.js';
import type { CursorPosition, Page } from '../pagination.js';
import { decodeCursor, encodeCursor } from '../pagination.js';
import type { SkillScope } from './skillFields.js';
import { applySkillInput, createSkillInput, draftSkillInput, updateSkillInput } from './skillFields.js';
import type { LibrarySkill } from './skillLibrary.js';
import { librarySkill, libraryRevisedAt, skillLibrary } from './skillLibrary.js';

/** A skill as the API shows it; `scope` is relative to the caller (`mine` for their own). */
export interface SkillView {
  id: string;
  name: string;
  description: string;
  instructions: string;
  placeholder: string;
  outputType: OutputType;
  tags: string[];
  scope: SkillScope;
  /** The person who made it; null for the curated library. */
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What applying a skill built: the answer of generate. */
export type SkillApplyResult = { rationale: string; outputType: OutputType; items: ItemView[] } & AiMeta;

/** Dependencies of `SkillService`. */
export interface SkillServiceOptions {
  ai: AiService;
  clock: Clock;
}

/** Validates `value`; 422 naming the first field that fails. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

function isOutputType(value: string): value is OutputType {
  return (outputTypes as readonly string[]).includes(value);
}

function libraryView(skill: LibrarySkill): SkillView {
  return { ...skill, tags: [...skill.tags], scope: 'public', createdBy: null, createdAt: libraryRevisedAt, updatedAt: libraryRevisedAt };
}

function recordView(record: SkillRecord, principal: Principal): SkillView {
  const { workspaceId: _workspace, outputType, ...rest } = record;
  // Writes accept only output types the generator knows; one a later release dropped reads as
  // the generator's default, so the skill stays usable rather than breaking every list it is in.
  return { ...rest, tags: [...record.tags], outputType: isOutputType(outputType) ? outputType : 'sticky_note', scope: record.createdBy === principal.user.id ? 'mine' : 'workspace' };
}

/** Case-insensitive: the name contains `q`, or a tag starts with it. */
function matches(skill: SkillView, q: string | undefined): boolean {
  if (q === undefined) return true;
  const wanted = q.trim().toLowerCase();
  return wanted === '' || skill.name.toLowerCase().includes(wanted) || skill.tags.some((tag) => tag.startsWith(wanted));
}

/** Name order (case-insensitive), then id: the order of every skill list and its cursor. */
function sortKey(skill: SkillView): string {
  return skill.name.toLowerCase();
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `skill` comes after the cursor position in list order. */
function after(skill: SkillView, position: CursorPosition): boolean {
  const byName = compare(sortKey(skill), String(position.k));
  return byName > 0 || (byName === 0 && skill.id > position.id);
}

/**
 * AI skills (SPEC "Skills"): the curated library shipped as data, and custom skills made in a
 * workspace on the paid plans. Everyone in a workspace sees and applies its skills; only the
 * author (or a workspace admin) changes or deletes one. Applying a skill is the assistant's
 * generate with the skill's instructions appended and its output type forced.
 */
export class SkillService {
  readonly #skills: Collection<SkillRecord>;
  readonly #o: SkillServiceOptions;

  constructor(db: Database, options: SkillServiceOptions) {
    this.#skills = db.collection<SkillRecord>(skillCollections.skills);
    this.#o = options;
  }

  /**
   * Skills of one scope (`public`, the default: the curated library; `workspace`; `mine`) in name
   * order, filtered by `q` (name or tag). A workspace's skills are bounded by the plan's cap, so
   * a list reads them whole and pages in memory.
   */
  async list(principal: Principal, options: { scope?: SkillScope | undefined; q?: string | undefined; limit: number; cursor?: string | undefined }): Promise<Page<SkillView>> {
    const scope = options.scope ?? 'public';
    const all =
      scope === 'public'
        ? skillLibrary.map(libraryView)
        : (await this.#skills.find({ workspaceId: principal.workspace.id, ...(scope === 'mine' ? { createdBy: principal.user.id } : {}) })).map((r) => recordView(r, principal));
    const position = options.cursor === undefined ? null : decodeCursor(options.cursor);
    const sorted = all
      .filter((skill) => matches(skill, options.q) && (position === null || after(skill, position)))
      .sort((a, b) => compare(sortKey(a), sortKey(b)) || compare(a.id, b.id));
    const data = sorted.slice(0, options.limit);
    const last = data.at(-1);
    return { data, nextCursor: sorted.length > options.limit && last ? encodeCursor({ k: sortKey(last), id: last.id }) : null };
  }

  /** A library skill or one of the caller's workspace; 404 for anything else. */
  async get(principal: Principal, skillId: string): Promise<SkillView> {
    const library = librarySkill(skillId);
    if (library) return libraryView(library);
    return recordView(await this.#visible(principal, skillId), principal);
  }

  /**
   * Creates a custom skill in the caller's workspace: 402 `payment_required` on a plan without
   * custom skills (`customSkills`) or past its cap (`customSkillsPerWorkspace`), 422 naming the
   * field; nothing is stored on either.
   */
  async create(principal: Principal, input: unknown): Promise<SkillView> {
    const fields = parse(createSkillInput, input);
    const { plan } = principal.workspace;
    if (!plans[plan].customSkills) throw planCapError('customSkills', plan, `Custom skills need a paid plan; the ${plan} plan offers the curated library only.`);
    const cap = plans[plan].customSkillsPerWorkspace;
    const used = await this.#skills.count({ workspaceId: principal.workspace.id });
    if (used >= cap) throw planCapError('customSkillsPerWorkspace', plan, `The ${plan} plan allows ${cap} custom skills per workspace.`, { used });
    const now = this.#o.clock.now();
    const record: SkillRecord = { id: newId('skl'), workspaceId: principal.workspace.id, createdBy: principal.user.id, ...fields, createdAt: now, updatedAt: now };
    await this.#skills.insert(record);
    return recordView(record, principal);
  }

  /** Changes a skill the caller made (workspace admins: any of the workspace's); 403 for a library skill, 404 for anyone else's. */
  async update(principal: Principal, skillId: string, input: unknown): Promise<SkillView> {
    const record = await this.#changeable(principal, skillId);
    const patch = parse(updateSkillInput, input);
    const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<SkillRecord>;
    const updated = await this.#skills.updateOne({ id: record.id }, { $set: { ...set, updatedAt: this.#o.clock.now() } });
    if (!updated) throw errors.notFound('Skill');
    return recordView(updated, principal);
  }

  /** Deletes a skill the caller made (workspace admins: any of the workspace's); 403 for a library skill, 404 for anyone else's. */
  async delete(principal: Principal, skillId: string): Promise<void> {
    const record = await this.#changeable(principal, skillId);
    await this.#skills.deleteMany({ id: record.id });
  }

  /** A draft of a skill from the AI provider; nothing stored. Spends credits (`skillDraft`), given back when `signal` aborts it. */
  async draft(principal: Principal, input: unknown, signal?: AbortSignal): Promise<SkillDraft & { outputType: OutputType } & AiMeta> {
    const { description, outputType } = parse(draftSkillInput, input);
    return { ...(await this.#o.ai.draftSkill(principal, description, outputType, signal)), outputType };
  }

  /**
   * Applies a skill to a board: generation with the skill's instructions appended to the prompt
   * and its output type forced, in one transaction. Needs edit rights on the board; spends
   * credits (`skillApply`); `async` runs it as a job, else `signal` (the caller going away) aborts
   * it with nothing written. 404 for a skill the caller cannot see.
   */
  async apply(principal: Principal, boardId: string, skillId: string, input: unknown, options: { async?: boolean; signal?: AbortSignal | undefined } = {}): Promise<Outcome<SkillApplyResult>> {
    const { prompt, position } = parse(applySkillInput, input);
    const skill = await this.get(principal, skillId);
    return this.#o.ai.generate(
      principal,
      boardId,
      { prompt, position, instructions: skill.instructions, outputType: skill.outputType },
      { async: options.async === true, operation: 'skillApply', activity: { skillId: skill.id, skillName: skill.name }, signal: options.signal },
    );
  }

  /**
   * What applying the skill would build, without building it: the planner's proposal with the
   * skill's instructions and output type (`ai/plan` with `skillId`). Same rights and price as a
   * plan (editors and above, 1 credit; `signal` as there); 404 for a skill the caller cannot see.
   */
  async preview(principal: Principal, boardId: string, skillId: string, input: unknown, signal?: AbortSignal): Promise<Awaited<ReturnType<AiService['plan']>>> {
    const { prompt, position } = parse(applySkillInput, input);
    const skill = await this.get(principal, skillId);
    return this.#o.ai.plan(principal, boardId, { prompt, position, instructions: skill.instructions, outputType: skill.outputType }, signal);
  }

  async #visible(principal: Principal, skillId: string): Promise<SkillRecord> {
    const record = await this.#skills.get(skillId);
    if (!record || record.workspaceId !== principal.workspace.id) throw errors.notFound('Skill');
    return record;
  }

  async #changeable(principal: Principal, skillId: string): Promise<SkillRecord> {
    if (librarySkill(skillId)) throw errors.forbidden('Skills of the curated library cannot be changed; create a skill of your own from it.');
    const record = await this.#visible(principal, skillId);
    const admin = principal.workspaceRole === 'owner' || principal.workspaceRole === 'admin';
    if (record.createdBy !== principal.user.id && !admin) throw errors.notFound('Skill');
    return record;
  }
}
