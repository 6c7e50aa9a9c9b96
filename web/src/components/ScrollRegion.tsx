import type { HTMLAttributes, Ref } from "react";

export interface ScrollRegionProps extends HTMLAttributes<HTMLDivElement> {
  /** What the box holds, read out when the keyboard reaches it. */
  label: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A box that scrolls on its own (a wide table, the calendar's hours): a named region in the Tab
 * order, so that someone on the keyboard can reach it and scroll it with the arrow keys (WCAG 2.1.1).
 */
export function ScrollRegion({ label, ref, ...props }: ScrollRegionProps) {
  return <div {...props} ref={ref} role="region" aria-label={label} tabIndex={0} />;
}
