/**
 * Pasting image files onto the board. Images are uploaded as assets and placed as image items;
 * until that exists this refuses, and the paste says why.
 */
export function pasteImageFiles(_files: readonly File[], _at: { x: number; y: number }, _context?: unknown): Promise<string[]> {
  return Promise.reject(new Error('Pasting images is not available yet.'));
}
