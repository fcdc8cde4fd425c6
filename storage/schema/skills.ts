import type { CollectionSpec } from '../Collection.js';

/** A custom AI skill made in a workspace (the curated library ships as data, not as records). */
export interface SkillRecord {
  /** `skl_<random>`. */
  id: string;
  /** The workspace it was made in: its people can see and apply it. */
  workspaceId: string;
  /** The person who made it: only they (and workspace admins) change or delete it. */
  createdBy: string;
  name: string;
  description: string;
  /** The system prompt appended to the generator's prompt when the skill is applied. */
  instructions: string;
  /** The prompt hint shown to a person. */
  placeholder: string;
  /** The output type the generator is forced to build (an output type of plan and generate). */
  outputType: string;
  tags: string[];
  createdAt: number;
  updatedAt: number;
}

/** Collections of the skills aggregate. */
export const skillCollections = {
  skills: { name: 'skills', indexes: [{ fields: ['workspaceId', 'id'] }, { fields: ['createdBy', 'id'] }] },
} as const satisfies Record<string, CollectionSpec>;
