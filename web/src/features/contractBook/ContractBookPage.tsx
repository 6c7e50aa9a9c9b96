import { useCallback, useMemo } from "react";

import { Button, FormGroup, H3, HTMLSelect, NonIdealState, Radio, RadioGroup, Spinner } from "@blueprintjs/core";
import { Link } from "react-router";

import { useSuppliers } from "../../api/suppliers";
import { useUtilities } from "../../api/utilities";
import { commodityLabel } from "../../lib/commodity";
import { DateTextInput } from "../../components/DateTextInput";
import { downloadXlsx } from "../../lib/download";
import { ListStatus } from "../../components/ListStatus";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { UserOptions } from "../../components/UserOptions";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { useSessionUser } from "../../app/auth/useSessionUser";
import type { ContractDirectories } from "../../lib/records/contractColumns";
import { companyContractsPath } from "../../lib/companyRoutes";
import { formatVolume } from "../../lib/records/contractFormat";
import { useUserDirectory } from "../../api/userDirectory";
import { BOOK_COLUMN_WIDTHS, BOOK_COLUMNS, bookCellText, NUMERIC_BOOK_COLUMNS, type BookColumnId } from "./bookColumns";
import {
  BOOK_COMMODITIES,
  BOOK_PARAMS,
  BOOK_SCOPES,
  bookViewKey,
  bookViewOf,
  mayFilterBook,
  mayPickUser,
  rangeReversed,
  SCOPE_PARAM_VALUES,
  type BookScope,
} from "./bookFilter";
import { dateTextToParam, paramToDateText } from "../../lib/dayParam";
import { useBookPages, useExportBook } from "./bookQueries";
import { BOOK_TEXTS } from "./texts";

import "./contractBook.css";

const P = BOOK_PARAMS;
const T = BOOK_TEXTS;
const DATE_PARAM = { toUrl: dateTextToParam, fromUrl: paramToDateText };

/**
 * /Contracts: the contracts of the whole book, latest signed first, a page at a time. Commodity and
 * user (not for Sales, who see the contracts naming them) filter it; Management, Admin and Customer
 * Care also choose Active Only / Future Only / All and a Date Signed range, and export the list.
 * Every filter is kept in the address; each company links to its contracts tab.
 */
export function ContractBookPage() {
  const { me } = useSessionUser();
  const canFilter = mayFilterBook(me.role);
  const canPickUser = mayPickUser(me.role);
  const url = useUrlParams();
  const view = bookViewOf(url.params, me.role);
  const [fromText, setFromText] = useUrlText(url, P.from, DATE_PARAM);
  const [toText, setToText] = useUrlText(url, P.to, DATE_PARAM);
  const reversed = rangeReversed(view);
  const pages = useBookPages(view, !reversed);
  const exportBook = useExportBook();
  const directory = useUserDirectory();
  const utilities = useUtilities();
  const suppliers = useSuppliers();

  useLoadErrorToast(pages, T.loadFailed);

  const contracts = useMemo(() => pages.data?.pages.flatMap((page) => page.contracts) ?? [], [pages.data]);
  const first = pages.data?.pages[0];
  const total = Number(first?.totalCount ?? 0n);
  const columns = useMemo(
    () => tableColumns({ utilities: utilities.data, suppliers: suppliers.data }),
    [utilities.data, suppliers.data],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function exportList() {
    exportBook.mutate(view, { onSuccess: downloadXlsx, onError: () => void toast.error(T.failed) });
  }

  const commodityChoice = view.commodity === Commodity.UNSPECIFIED ? T.all : commodityLabel(view.commodity);
  const knownUser = view.userId === 0n || directory.users.some((user) => user.userId === view.userId);
  return (
    <div className="eris-page eris-book">
      <H3>{T.title}</H3>
      <div className="eris-toolbar eris-book-toolbar">
        <RadioGroup
          label={T.commodity}
          inline
          className="eris-book-radios"
          selectedValue={commodityChoice}
          onChange={(e) =>
            url.update({ [P.commodity]: e.currentTarget.value === T.all ? null : e.currentTarget.value })
          }
        >
          {[T.all, ...BOOK_COMMODITIES.map(commodityLabel)].map((label) => (
            <Radio key={label} className="eris-book-radio" label={label} value={label} />
          ))}
        </RadioGroup>
        {canPickUser && (
          <FormGroup inline label={T.user} labelFor="book-user">
            <HTMLSelect
              id="book-user"
              value={view.userId === 0n ? "" : String(view.userId)}
              onChange={(e) => url.update({ [P.user]: e.currentTarget.value })}
            >
              <option value="">{T.allUsers}</option>
              {!knownUser && <option value={String(view.userId)}>{`#${view.userId}`}</option>}
              <UserOptions users={directory.users} />
            </HTMLSelect>
          </FormGroup>
        )}
        {pages.isFetching && !pages.isPending && !isFetchingNextPage && <Spinner size={16} />}
        <span className="eris-spacer" />
        {canFilter && (
          <Button
            icon="export"
            text={T.export}
            loading={exportBook.isPending}
            disabled={reversed}
            onClick={exportList}
          />
        )}
      </div>
      {canFilter && (
        <div className="eris-toolbar eris-book-toolbar">
          <RadioGroup
            label={T.activeFilter(T.scopeNames[view.scope])}
            inline
            className="eris-book-radios"
            selectedValue={view.scope}
            onChange={(e) => url.update({ [P.scope]: SCOPE_PARAM_VALUES[e.currentTarget.value as BookScope] })}
          >
            {BOOK_SCOPES.map((scope) => (
              <Radio key={scope} className="eris-book-radio" label={T.scope[scope]} value={scope} />
            ))}
          </RadioGroup>
          <DateTextInput id="book-from" label={T.signedFrom} inline value={fromText} onValueChange={setFromText} />
          <DateTextInput id="book-to" label={T.signedTo} inline value={toText} onValueChange={setToText} />
        </div>
      )}
      {reversed ? (
        <NonIdealState icon="calendar" title={T.rangeInvalid} />
      ) : (
        <ListStatus
          query={pages}
          loadingLabel={T.loading}
          loadFailed={T.loadFailed}
          retryText={T.retry}
          empty={contracts.length === 0}
          emptyIcon="document"
          emptyTitle={T.noContracts}
        >
          <div className="eris-book-summary">
            <span data-testid="book-displaying">{T.displaying(contracts.length, total)}</span>
            <span>
              {T.totalAnnualVolume}:{" "}
              <strong data-testid="book-total-volume">{formatVolume(first?.totalAnnualVolume || "0")}</strong>
            </span>
          </div>
          <VirtualTable
            // Another filter starts at the top of the list.
            key={bookViewKey(view).join("|")}
            rows={contracts}
            columns={columns}
            rowKey={(contract) => String(contract.contractId)}
            rowAttributes={(contract) => ({ "data-contract-id": String(contract.contractId) })}
            ariaLabel={T.table}
            totalRows={total}
            onNearEnd={loadMore}
            className="eris-book-table"
          />
          {hasNextPage && (
            <div className="eris-book-pager">
              <Button text={T.loadMore} loading={isFetchingNextPage} onClick={loadMore} />
            </div>
          )}
        </ListStatus>
      )}
    </div>
  );
}

/** The table's columns: the company stays at the left while the others scroll sideways. */
function tableColumns(dirs: ContractDirectories): VirtualColumn<Contract>[] {
  return BOOK_COLUMNS.map((id: BookColumnId) => {
    const base = {
      id,
      header: T.columns[id],
      width: BOOK_COLUMN_WIDTHS[id],
      numeric: NUMERIC_BOOK_COLUMNS.has(id),
      pinned: id === "company",
    };
    const text = (contract: Contract) => bookCellText(contract, id, dirs);
    if (id === "company") {
      return {
        ...base,
        render: (contract: Contract) => (
          <Link to={companyContractsPath(contract.companyId)}>{contract.companyName}</Link>
        ),
        title: text,
      };
    }
    return { ...base, render: text, title: text };
  });
}
