import path from 'node:path';
import { z } from 'zod';
import type { DatabaseOptions } from '../../storage/index.js';
import { trimmedNonEmpty, type CrossRule, type Parsed } from './readers.js';

/** The variables of the store the server keeps its data in. */
export const storageVariables = {
  BOARDS_DATA_DIR: trimmedNonEmpty().default('./data'),
  BOARDS_STORAGE: z.enum(['sqlite', 'mongodb', 'postgres'], { error: 'must be sqlite, mongodb or postgres' }).default('sqlite'),
  BOARDS_MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/.+/, { error: 'must be a mongodb:// or mongodb+srv:// connection string' })
    .optional(),
  BOARDS_POSTGRES_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// connection string' })
    .optional(),
  BOARDS_SQLITE_SYNCHRONOUS: z.enum(['full', 'normal'], { error: 'must be full or normal' }).default('full'),
};

/** The store (part of `Config`). */
export interface StorageConfig {
  /** Folder of the embedded store; default `./data`. */
  readonly dataDir: string;
  /**
   * `sqlite` with its fsync policy: `full` (default) makes every acknowledged write survive power
   * loss; `normal` survives a crash of the process (`kill -9`) but not of the machine. `mongodb`
   * and `postgres` (the stores several server processes can share) with their connection strings.
   */
  readonly storage:
    | { readonly kind: 'sqlite'; readonly synchronous: 'full' | 'normal' }
    | { readonly kind: 'mongodb'; readonly url: string }
    | { readonly kind: 'postgres'; readonly url: string };
}

/** A shared store needs its connection string. */
export const storageRule: CrossRule<Parsed<typeof storageVariables>> = (env, ctx) => {
  if (env.BOARDS_STORAGE === 'mongodb' && !env.BOARDS_MONGODB_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['BOARDS_MONGODB_URL'],
      message: 'is required when BOARDS_STORAGE=mongodb',
    });
  }
  if (env.BOARDS_STORAGE === 'postgres' && !env.BOARDS_POSTGRES_URL) {
    ctx.addIssue({ code: 'custom', path: ['BOARDS_POSTGRES_URL'], message: 'is required when BOARDS_STORAGE=postgres' });
  }
};

/** The storage settings of parsed variables. */
export function storageConfig(e: Parsed<typeof storageVariables>): StorageConfig {
  return {
    dataDir: path.resolve(e.BOARDS_DATA_DIR),
    storage:
      e.BOARDS_STORAGE === 'mongodb'
        ? { kind: 'mongodb', url: e.BOARDS_MONGODB_URL ?? '' }
        : e.BOARDS_STORAGE === 'postgres'
          ? { kind: 'postgres', url: e.BOARDS_POSTGRES_URL ?? '' }
          : { kind: 'sqlite', synchronous: e.BOARDS_SQLITE_SYNCHRONOUS },
  };
}

/** How to open the configured store. */
export function databaseOptions(config: StorageConfig): DatabaseOptions {
  switch (config.storage.kind) {
    case 'sqlite':
      return { kind: 'sqlite', dataDir: config.dataDir, synchronous: config.storage.synchronous };
    case 'mongodb':
      return { kind: 'mongodb', url: config.storage.url };
    case 'postgres':
      return { kind: 'postgres', url: config.storage.url };
  }
}
