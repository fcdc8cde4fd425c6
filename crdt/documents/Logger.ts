/** The structured logger the crdt layer writes to; pino's `(object, message)` shape. */
export interface Logger {
  info(context: Record<string, unknown>, message: string): void;
  warn(context: Record<string, unknown>, message: string): void;
  error(context: Record<string, unknown>, message: string): void;
}

/** A logger that drops everything; the default where none is given. */
export const silentLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
};
