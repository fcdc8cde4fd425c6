/** The kinds of space `GET /spaces` returns: real spaces and the built-in `default` and `trash`. */
export type SpaceKind = 'space' | 'default' | 'trash';

/** What the dashboard shows for the built-in spaces, whose API `name` is their id (`default`, `trash`). */
export const builtInSpaceLabels = { default: 'Default', trash: 'Trash' } as const;

/** The dashboard's label of a space: its own name, or the built-in's label. */
export function spaceLabel(space: { readonly kind: SpaceKind; readonly name: string }): string {
  return space.kind === 'space' ? space.name : builtInSpaceLabels[space.kind];
}
