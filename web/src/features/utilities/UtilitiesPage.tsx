import { useMemo, useState } from "react";

import { Button, ButtonGroup, H3, HTMLTable, InputGroup, Intent } from "@blueprintjs/core";

import { useUtilities } from "../../api/utilities";
import { useSourcingAccess } from "../../app/sourcingAccess";
import { ClientPager } from "../../components/ClientPager";
import { CommodityFilter } from "../../components/CommodityFilter";
import { ListStatus, RefreshButton } from "../../components/ListStatus";
import type { Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { slicePage, urlPage } from "../../lib/clientPaging";
import { commodityFromLabel, commodityLabel } from "../../lib/commodity";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { RateCodesDialog } from "./RateCodesDialog";
import { UTILITY_TEXTS } from "./texts";
import { UtilityDialog } from "./UtilityDialog";
import { filterUtilities, UTILITY_FILTER_COMMODITIES } from "./utilityForm";

import "../../components/directory.css";

/** The address's params: commodity filter, search text, page. */
const P = { commodity: "commodity", search: "q", page: "page" } as const;

type DialogState =
  { kind: "closed" } | { kind: "add" } | { kind: "edit"; utility: Utility } | { kind: "rateCodes"; utility: Utility };

/**
 * /Utilities: every utility (read once, filtered and paged here) with a commodity filter and a
 * search kept in the address. Management and Admin add and edit utilities and their rate codes;
 * Customer Care reads the rate codes; Sales see the list only.
 */
export function UtilitiesPage() {
  const { canChange, canSeeDetails } = useSourcingAccess();
  const utilities = useUtilities();
  const url = useUrlParams();
  const commodity = commodityFromLabel(url.params.get(P.commodity), UTILITY_FILTER_COMMODITIES);
  const [search, setSearch] = useUrlText(url, P.search, { resets: [P.page] });
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });

  useLoadErrorToast(utilities, UTILITY_TEXTS.loadFailed);

  const rows = useMemo(
    () => filterUtilities(utilities.data ?? [], { commodity, search }),
    [utilities.data, commodity, search],
  );
  const [page, setPage] = urlPage(url, P.page);
  const slice = slicePage(rows, page);

  const hasActions = canChange || canSeeDetails;
  const c = UTILITY_TEXTS.columns;
  return (
    <div className="eris-page">
      <H3>{UTILITY_TEXTS.title}</H3>
      <div className="eris-toolbar eris-directory-toolbar">
        {canChange && (
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            text={UTILITY_TEXTS.addUtility}
            onClick={() => setDialog({ kind: "add" })}
          />
        )}
        <CommodityFilter
          ariaLabel={UTILITY_TEXTS.commodityFilter}
          commodities={UTILITY_FILTER_COMMODITIES}
          value={commodity}
          onChange={(label) => url.update({ [P.commodity]: label, [P.page]: null })}
        />
        <InputGroup
          type="search"
          leftIcon="search"
          className="eris-directory-search"
          placeholder={UTILITY_TEXTS.searchPlaceholder}
          aria-label={UTILITY_TEXTS.search}
          value={search}
          onValueChange={setSearch}
        />
        <span className="eris-spacer" />
        <RefreshButton query={utilities} text={UTILITY_TEXTS.refresh} />
      </div>
      <ListStatus
        query={utilities}
        loadFailed={UTILITY_TEXTS.loadFailed}
        retryText={UTILITY_TEXTS.refresh}
        empty={rows.length === 0}
        emptyIcon="lightning"
        emptyTitle={(utilities.data ?? []).length === 0 ? UTILITY_TEXTS.noUtilities : UTILITY_TEXTS.noMatches}
      >
        <div className="eris-table-wrap">
          <HTMLTable striped compact className="eris-table" aria-label={UTILITY_TEXTS.utilities}>
            <thead>
              <tr>
                <th>{c.name}</th>
                <th>{c.state}</th>
                <th>{c.commodity}</th>
                <th>{c.zone}</th>
                <th>{c.rto}</th>
                {hasActions && <th>{c.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {slice.rows.map((utility) => (
                <tr key={String(utility.utilityId)} data-utility-id={String(utility.utilityId)}>
                  <td>{utility.name}</td>
                  <td>{utility.state}</td>
                  <td>{commodityLabel(utility.commodity)}</td>
                  <td>{utility.zone}</td>
                  <td>{utility.rto}</td>
                  {hasActions && (
                    <td className="eris-actions-cell">
                      <ButtonGroup variant="minimal">
                        {canChange && (
                          <Button
                            size="small"
                            icon="edit"
                            text={UTILITY_TEXTS.edit}
                            onClick={() => setDialog({ kind: "edit", utility })}
                          />
                        )}
                        {canSeeDetails && (
                          <Button
                            size="small"
                            icon="th-list"
                            text={UTILITY_TEXTS.rateCodes}
                            onClick={() => setDialog({ kind: "rateCodes", utility })}
                          />
                        )}
                      </ButtonGroup>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <ClientPager slice={slice} label={UTILITY_TEXTS.utilities} onPage={setPage} />
      </ListStatus>
      {(dialog.kind === "add" || dialog.kind === "edit") && (
        <UtilityDialog
          key={dialog.kind === "edit" ? String(dialog.utility.utilityId) : "new"}
          utility={dialog.kind === "edit" ? dialog.utility : undefined}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
      {dialog.kind === "rateCodes" && (
        <RateCodesDialog utility={dialog.utility} canChange={canChange} onClose={() => setDialog({ kind: "closed" })} />
      )}
    </div>
  );
}
