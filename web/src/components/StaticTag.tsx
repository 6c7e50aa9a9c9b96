import { Classes, Intent } from "@blueprintjs/core";
import type { ReactNode } from "react";

interface StaticTagProps {
  children: ReactNode;
  intent?: Intent;
  className?: string;
}

/**
 * A minimal Blueprint tag drawn with the tag's own classes, for long lists. Blueprint's `Tag` measures
 * its text after every render to decide on a tooltip, and in a list of a few thousand (a busy
 * dashboard's renewals and tasks) those measurements forced a layout each: over a second of the main
 * thread on first load. Its text is short and never cut, so nothing is lost.
 */
export function StaticTag({ children, intent = Intent.NONE, className }: StaticTagProps) {
  const classes = [Classes.TAG, Classes.MINIMAL, Classes.intentClass(intent), className].filter(Boolean).join(" ");
  return (
    <span className={classes}>
      <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.FILL}`}>{children}</span>
    </span>
  );
}
