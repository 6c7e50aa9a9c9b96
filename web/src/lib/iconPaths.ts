import { IconSize, type IconName, type IconPaths } from "@blueprintjs/icons";

type PathsLoaders = Record<string, () => Promise<IconPaths>>;

// One chunk per icon and size, found by the icon's name. This table is its own chunk too, fetched
// with the first icon (see loadIconsOneByOne in iconLoading.ts).
const paths16: PathsLoaders = import.meta.glob<IconPaths>("./*.js", {
  base: "../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/",
  import: "default",
});
const paths20: PathsLoaders = import.meta.glob<IconPaths>("./*.js", {
  base: "../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/",
  import: "default",
});

/** The SVG paths of one icon at a size (16 or 20). */
export async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const load = (size === IconSize.STANDARD ? paths16 : paths20)[`./${name}.js`];
  if (!load) {
    throw new Error(`no paths for the ${size}px icon "${name}"`);
  }
  return load();
}
