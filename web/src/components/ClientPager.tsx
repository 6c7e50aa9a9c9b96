import { Button, ButtonGroup, Classes } from "@blueprintjs/core";

import type { PageSlice } from "../lib/clientPaging";

import "./clientPager.css";

export const CLIENT_PAGER_TEXTS = {
  previous: "Previous",
  next: "Next",
  range: (first: number, last: number, total: number) =>
    `${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`,
} as const;

export interface ClientPagerProps {
  slice: Pick<PageSlice<unknown>, "page" | "pageCount" | "first" | "last" | "total">;
  /** Shows another page (1 for the first). */
  onPage: (page: number) => void;
  /** Names the rows in the range, e.g. "suppliers". */
  label: string;
}

/** "1–50 of 230" with Previous and Next, for a list paged in the browser; no buttons while it fits one page. */
export function ClientPager({ slice, onPage, label }: ClientPagerProps) {
  if (slice.total === 0) {
    return null;
  }
  return (
    <div className="eris-client-pager" role="navigation" aria-label={`${label} pages`}>
      <span className={Classes.TEXT_MUTED} data-testid="page-range">
        {CLIENT_PAGER_TEXTS.range(slice.first, slice.last, slice.total)}
      </span>
      {slice.pageCount > 1 && (
        <ButtonGroup>
          <Button
            icon="chevron-left"
            text={CLIENT_PAGER_TEXTS.previous}
            disabled={slice.page <= 1}
            onClick={() => onPage(slice.page - 1)}
          />
          <Button
            endIcon="chevron-right"
            text={CLIENT_PAGER_TEXTS.next}
            disabled={slice.page >= slice.pageCount}
            onClick={() => onPage(slice.page + 1)}
          />
        </ButtonGroup>
      )}
    </div>
  );
}
