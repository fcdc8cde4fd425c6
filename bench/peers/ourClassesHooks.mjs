// Module hooks of `ourClasses.mjs`: in a file of the server's bundle that defines one of the named
// classes, adds a call that hands the class to the preload (`globalThis[Symbol.for('boards.bench.classes')]`).
// The bundle keeps identifiers (docs/bundle.md); a class whose name was taken in its file gets a
// number after it (`SyncConnection2`), which the pattern allows.
let bundle = '';
let names = [];

export function initialize(data) {
  bundle = data.bundle;
  names = data.names;
}

const escape = (name) => name.replace(/[$]/g, '\\$');

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith(`${bundle}/`) || !url.endsWith('.js')) return result;
  const source = String(result.source);
  const found = [];
  for (const name of names) {
    const declared = new RegExp(`(?:\\bclass (${escape(name)}\\d*)\\s*(?:extends\\b|\\{)|\\b(?:var|let|const) (${escape(name)}\\d*)\\s*=\\s*class\\b)`).exec(source);
    const local = declared?.[1] ?? declared?.[2];
    if (local !== undefined) found.push(`${JSON.stringify(name)}: ${local}`);
  }
  if (found.length === 0) return result;
  return { ...result, source: `${source}\n;globalThis[Symbol.for('boards.bench.classes')]?.({ ${found.join(', ')} });\n` };
}
