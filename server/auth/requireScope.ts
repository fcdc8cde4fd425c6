import { ServiceError } from '../errors.js';
import type { Principal } from './Principal.js';
import type { Scope } from './scopes.js';

/** Throws 403 `insufficient_scope` (naming `scope` as `requiredScope`), as `/v1` does, unless the principal holds `scope`. */
export function requireScope(principal: Principal, scope: Scope, message = `This operation needs the ${scope} scope.`): void {
  if (!principal.scopes.has(scope)) throw new ServiceError('insufficient_scope', message, { details: { requiredScope: scope } });
}
