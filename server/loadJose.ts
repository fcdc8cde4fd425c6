import type * as Jose from 'jose';

let joseModule: Promise<typeof Jose> | undefined;

/**
 * jose (about 45 modules and 90 ms of start-up), loaded with the first value signed, checked,
 * sealed or opened: a starting server serves live sync without it.
 */
export function loadJose(): Promise<typeof Jose> {
  joseModule ??= import('jose');
  return joseModule;
}
