import { Icons } from "@blueprintjs/icons";

/**
 * Makes Blueprint's icons load their SVG paths one icon at a time, so a screen fetches the few
 * icons it draws (a few hundred bytes each). Blueprint's default loads every icon of a size as one
 * module of about 300 KB, which took the browser half a second to read while the dashboard was
 * opening. Until an icon's paths come, Blueprint draws it from the icon font.
 */
export function loadIconsOneByOne(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => (await import("./iconPaths")).loadIconPaths(name, size),
  });
}
