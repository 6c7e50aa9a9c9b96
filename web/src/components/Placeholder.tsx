import { NonIdealState } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";

export const NOT_AVAILABLE_YET = "This screen is not available yet.";

export interface PlaceholderProps {
  title: string;
  icon?: IconName;
}

/** An honest stand-in for a screen that a later issue builds. */
export function Placeholder({ title, icon = "build" }: PlaceholderProps) {
  return <NonIdealState className="eris-placeholder" icon={icon} title={title} description={NOT_AVAILABLE_YET} />;
}
