/** An uploaded image that could not go into the export, and why, in words for people. */
export interface PictureProblem {
  readonly assetId: string;
  readonly label: string;
  readonly reason: string;
}

/** A sentence about the images an export could not embed, or null when there are none. */
export function picturesMessage(problems: readonly PictureProblem[]): string | null {
  if (problems.length === 0) return null;
  const first = problems[0];
  if (!first) return null;
  const rest = problems.length - 1;
  const count = problems.length === 1 ? '1 image' : `${problems.length} images`;
  return `${count} could not be embedded and ${problems.length === 1 ? 'shows' : 'show'} as a placeholder: “${first.label}” (${first.reason})${rest > 0 ? ` and ${rest} more` : ''}.`;
}
