/**
 * The catalogue of OAuth/API-key scopes (`<resource>:<access>`): the one place scopes are
 * defined. Each route names the scope it needs; OpenAPI, the consent page and the developer
 * console read the descriptions from here.
 */
export const scopeCatalogue = {
  'user:read': 'See your profile, workspace, plan, credits, notifications and connected sources.',
  'user:write': 'Change your notification settings and mark notifications read.',
  'boards:read': 'See your spaces and boards, their items, members, activity, chat and presence, and search them.',
  'boards:write': 'Create, change, share, move to trash and restore your spaces, boards and items, and post in chat.',
  'ai:write': "Run the AI assistant on your boards (spends the workspace's AI credits).",
  'skills:read': 'See AI skills.',
  'skills:write': 'Create, change and delete your AI skills.',
} as const;

/** A scope name. */
export type Scope = keyof typeof scopeCatalogue;

/** Every scope, in catalogue order. */
export const allScopes = Object.keys(scopeCatalogue) as Scope[];

/** True when `value` names a scope in the catalogue. */
export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value);
}

/** Parses a space-separated scope string; returns the scopes and any unknown names. */
export function parseScopes(value: string): { scopes: Scope[]; unknown: string[] } {
  const names = [...new Set(value.split(/\s+/).filter((s) => s !== ''))];
  return { scopes: names.filter(isScope), unknown: names.filter((n) => !isScope(n)) };
}
