import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";

import { Button, Classes, FormGroup, H3, HTMLTable, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { Link, useNavigate } from "react-router";

import { useUtilities, utilityName } from "../../api/utilities";
import type { AccountMatch } from "../../gen/eris/crm/v1/accounts_pb";
import { ACCOUNT_FINDER_PATH, ACCOUNT_SEARCH_PARAM, accountsTabPath } from "../../lib/accountRoutes";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { commodityText } from "../accounts";
import { searchableQuery, useAccountSearch } from "./accountSearchQuery";
import { ACCOUNT_SEARCH_TEXTS } from "./texts";

import "./accountSearch.css";

/** Typing waits this long before searching. */
const SEARCH_DELAY_MS = 300;
const T = ACCOUNT_SEARCH_TEXTS;
const RESULTS_ID = "account-search-results";

/** Where a match opens: its company's accounts tab, searching for its number. */
function targetOf(match: AccountMatch): string {
  const account = match.account;
  return account ? accountsTabPath(account.companyId, account.accountNumber) : ACCOUNT_FINDER_PATH;
}

/**
 * /Accounts: finds an account by number, site name or utility across every company the caller may
 * see; the text is kept in the address. The results are walked with the arrow keys from the search
 * box (Enter opens one) and each opens its company's accounts tab, filtered to that account.
 */
export function AccountSearchPage() {
  const navigate = useNavigate();
  const url = useUrlParams();
  const [text, setText] = useUrlText(url, ACCOUNT_SEARCH_PARAM);
  const settled = useDebouncedValue(url.params.get(ACCOUNT_SEARCH_PARAM) ?? "", SEARCH_DELAY_MS);
  const query = searchableQuery(settled);
  const search = useAccountSearch(query);
  const { data: utilities } = useUtilities();
  const matches = useMemo(() => search.data?.pages.flatMap((page) => page.matches) ?? [], [search.data]);
  // The result the arrow keys are on (-1: none); it starts over whenever the list changes.
  const [active, setActive] = useState<{ index: number; matches: AccountMatch[] }>({ index: -1, matches });
  const activeIndex = active.matches === matches ? active.index : -1;
  const resultsRef = useRef<HTMLDivElement>(null);

  useLoadErrorToast(search, T.loadFailed);

  useEffect(() => {
    if (activeIndex >= 0) {
      resultsRef.current?.querySelector(`[data-result-index="${activeIndex}"]`)?.scrollIntoView?.({ block: "nearest" });
    }
  }, [activeIndex]);

  function open(match: AccountMatch) {
    void navigate(targetOf(match));
  }

  /** Up, Down (and Home, End among the results) walk the results; Enter opens the one walked to. */
  function walk(event: KeyboardEvent<HTMLElement>) {
    if (matches.length === 0) {
      return;
    }
    const last = matches.length - 1;
    const inResults = event.currentTarget === resultsRef.current;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves && (event.key.startsWith("Arrow") || inResults)) {
      event.preventDefault();
      const index = moves[event.key];
      setActive({ index, matches });
      if (inResults) {
        resultsRef.current?.querySelector<HTMLElement>(`[data-result-index="${index}"] a`)?.focus();
      }
    } else if (event.key === "Enter" && !inResults && activeIndex >= 0) {
      event.preventDefault();
      open(matches[activeIndex]);
    }
  }

  function clickRow(event: MouseEvent<HTMLElement>, match: AccountMatch) {
    // The company link follows itself; a click elsewhere on the row opens the same place.
    if (!(event.target as HTMLElement).closest("a")) {
      open(match);
    }
  }

  const typedQuery = searchableQuery(text);
  const resultsShown = typedQuery !== null && query !== null && matches.length > 0;
  let body;
  if (typedQuery === null) {
    body = <NonIdealState icon="search" description={T.hint} />;
  } else if (search.isError && matches.length === 0) {
    body = <NonIdealState icon="error" title={T.loadFailed} />;
  } else if (query === null || (search.isPending && matches.length === 0)) {
    body = <Spinner size={24} />;
  } else if (matches.length === 0) {
    body = <NonIdealState icon="search" title={T.noMatch} />;
  } else {
    body = (
      <>
        <p className={Classes.TEXT_MUTED} data-testid="account-search-count">
          {T.shown(matches.length, search.hasNextPage)} · {T.keys}
        </p>
        <div className="eris-account-results-wrap">
          <HTMLTable interactive compact striped className="eris-table eris-account-results" id={RESULTS_ID}>
            <thead>
              <tr>
                <th>{T.columns.company}</th>
                <th>{T.columns.siteName}</th>
                <th>{T.columns.accountNumber}</th>
                <th>{T.columns.utility}</th>
                <th>{T.columns.commodity}</th>
              </tr>
            </thead>
            <tbody>
              {matches.map((match, index) => {
                const account = match.account;
                const utilityId = account?.utilityId ?? 0n;
                return (
                  <tr
                    key={String(account?.accountId ?? index)}
                    id={`account-result-${index}`}
                    data-result-index={index}
                    data-account-id={String(account?.accountId ?? "")}
                    aria-selected={index === activeIndex}
                    className={index === activeIndex ? "eris-result-active" : undefined}
                    onClick={(event) => clickRow(event, match)}
                  >
                    <td>
                      <Link
                        className="eris-account-company"
                        to={targetOf(match)}
                        onFocus={() => setActive({ index, matches })}
                      >
                        {match.companyName}
                      </Link>
                    </td>
                    <td>{account?.name}</td>
                    <td className="eris-account-number">{account?.accountNumber}</td>
                    <td>{utilityId === 0n ? "" : (utilityName(utilities, utilityId) ?? T.utility(utilityId))}</td>
                    <td>{account ? commodityText(account) : ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
        {search.hasNextPage && (
          <Button
            className="eris-account-more"
            variant="minimal"
            icon="more"
            text={T.loadMore}
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          />
        )}
      </>
    );
  }

  return (
    <div className="eris-page eris-account-search">
      <H3>{T.title}</H3>
      <section role="search" aria-label={T.region}>
        <FormGroup label={T.search} labelFor="account-search">
          <InputGroup
            id="account-search"
            type="search"
            size="large"
            leftIcon="search"
            autoFocus
            autoComplete="off"
            placeholder={T.placeholder}
            // Only while the table is there: a reference to nothing is broken.
            aria-controls={resultsShown ? RESULTS_ID : undefined}
            aria-activedescendant={activeIndex >= 0 ? `account-result-${activeIndex}` : undefined}
            rightElement={search.isFetching && query !== null ? <Spinner size={16} /> : undefined}
            value={text}
            onValueChange={setText}
            onKeyDown={walk}
          />
        </FormGroup>
      </section>
      <div ref={resultsRef} aria-label={T.results} aria-busy={search.isFetching} onKeyDown={walk}>
        {body}
      </div>
    </div>
  );
}
