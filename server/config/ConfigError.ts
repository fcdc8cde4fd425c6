// The error base itself, not the storage layer's index: this module loads before the port is held.
import { BoardsError } from '../../storage/errors.js';

/** Bad configuration; the message names every offending variable. */
export class ConfigError extends BoardsError<'invalid_config'> {
  readonly variables: string[];

  constructor(issues: { variable: string; message: string }[]) {
    super('invalid_config', `Invalid configuration: ${issues.map((i) => `${i.variable} ${i.message}`).join('; ')}`);
    this.variables = issues.map((i) => i.variable);
  }
}
