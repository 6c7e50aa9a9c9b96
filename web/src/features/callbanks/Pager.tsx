import { Button, Classes } from "@blueprintjs/core";

import type { PageTokens } from "./pageTokens";
import { CALL_BANK_TEXTS } from "./texts";

export interface PagerProps {
  paging: PageTokens;
  /** The next page's token from the last answer; "" on the last page. */
  nextPageToken: string | undefined;
  /** Shown after the page number, e.g. "42 companies". */
  summary?: string;
  disabled?: boolean;
}

/** Previous / Page n / Next. */
export function Pager({ paging, nextPageToken, summary, disabled }: PagerProps) {
  return (
    <div className="eris-pager">
      <Button
        icon="chevron-left"
        text={CALL_BANK_TEXTS.previous}
        disabled={disabled || !paging.hasPrevious}
        onClick={paging.previous}
      />
      <span>{CALL_BANK_TEXTS.pageOf(paging.page)}</span>
      <Button
        endIcon="chevron-right"
        text={CALL_BANK_TEXTS.next}
        disabled={disabled || !nextPageToken}
        onClick={() => nextPageToken && paging.next(nextPageToken)}
      />
      {summary && <span className={Classes.TEXT_MUTED}>{summary}</span>}
    </div>
  );
}
