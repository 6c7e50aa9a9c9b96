import type { Plugin, Rolldown } from "vite";

export function landingPreloads(bundle: Rolldown.OutputBundle, page: string): string[];
export function landingPreload(page: string): Plugin;
