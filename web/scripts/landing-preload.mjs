// The dashboard is where every sign-in lands and where the app opens each morning, but its code is
// a chunk of its own, fetched only once the entry script has run and asked for it. This Vite plugin
// names the dashboard's chunks in index.html as `<link rel="modulepreload">`, so the browser fetches
// and compiles them while it is still reading the entry script.

/**
 * The files of the chunk built from the module ending with `page`, and of every chunk it imports
 * statically, transitively, leaving out those the entry chunk imports already (index.html names
 * them); empty when no chunk is built from `page`.
 */
export function landingPreloads(bundle, page) {
  const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName, seen) => {
    if (seen.has(fileName) || !byFile.has(fileName)) {
      return [];
    }
    seen.add(fileName);
    return [fileName, ...byFile.get(fileName).imports.flatMap((imported) => closure(imported, seen))];
  };
  const entries = new Set();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
    closure(entry.fileName, entries);
  }
  const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(page));
  return landing ? closure(landing.fileName, entries) : [];
}

/** The plugin: modulepreload links for `page`'s chunks, added to the built index.html's head. */
export function landingPreload(page) {
  return {
    name: "eris-landing-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) {
          return [];
        }
        return landingPreloads(context.bundle, page).map((fileName) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${fileName}` },
          injectTo: "head",
        }));
      },
    },
  };
}
