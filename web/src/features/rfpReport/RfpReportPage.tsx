import { useEffect, useMemo, useState } from "react";

import { Button, Classes, FormGroup, H3, HTMLSelect, InputGroup, Spinner } from "@blueprintjs/core";
import { Link } from "react-router";

import { useSuppliers } from "../../api/suppliers";
import { useUserDirectory } from "../../api/userDirectory";
import { useBusinessTimeZone, useSessionState } from "../../app/auth/SessionContext";
import { DataGridColumns } from "../../components/DataGridColumns";
import { ListStatus } from "../../components/ListStatus";
import { useGridColumns } from "../../components/useGridColumns";
import { UserOptions } from "../../components/UserOptions";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import type { Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { commodityLabel } from "../../lib/commodity";
import { formatDate } from "../../lib/dateText";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { RfpDetailsDialog } from "./RfpDetailsDialog";
import { nearerMayBeUnread, nearestReturnFirst } from "./rfpOrder";
import { useDownloadRfp, useExportRfps, useRfpReport, type RfpReportFilters } from "./rfpReportQueries";
import { companyRfpsPath, formatReturn, outcomeLabel, supplierNames } from "./rfpText";
import { RFP_REPORT_TEXTS } from "./texts";

import "./rfpReport.css";

/** The address's params: the owner picked and the search text. */
const P = { user: "user", search: "q" } as const;
/** Typing waits this long before searching. */
const SEARCH_DELAY_MS = 300;
const T = RFP_REPORT_TEXTS;
/**
 * Pages read on their own to reach the nearest upcoming returns (the server lists the latest
 * first): at most this many, so a list of far-future RFPs cannot read without end.
 */
const MAX_PAGES_TO_UPCOMING = 10;

/** Sales see the RFPs of their companies, whoever made them: the server ignores an owner for them. */
export function canFilterRfpsByUser(role: Role): boolean {
  return role !== Role.SALES;
}

/** A user id from the address; 0 (anyone's) when absent or not one. */
function parseUserId(text: string | null): bigint {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : 0n;
}

/**
 * /RFP: every RFP the caller may see, nearest return first (upcoming ones the soonest first, then
 * past ones the most recent first), a page at a time. The owner filter (not for Sales) and the
 * search are kept in the address; each row downloads its spreadsheet and Export downloads the whole
 * filtered list. Compact rows of one line each; the company and Len stay at the left and the start
 * date, fee, suppliers and download at the right while the others scroll sideways.
 */
export function RfpReportPage() {
  const session = useSessionState();
  const role = session.status === "signedIn" ? session.user.role : Role.UNSPECIFIED;
  const userId = session.status === "signedIn" ? session.user.userId : 0n;
  const timeZone = useBusinessTimeZone();
  const canPickUser = canFilterRfpsByUser(role);
  const url = useUrlParams();
  const [search, setSearch] = useUrlText(url, P.search);
  const settled = useDebouncedValue(url.params.get(P.search) ?? "", SEARCH_DELAY_MS);
  const filters: RfpReportFilters = {
    ownerUserId: canPickUser ? parseUserId(url.params.get(P.user)) : 0n,
    query: settled.trim(),
  };
  const report = useRfpReport(filters);
  const directory = useUserDirectory();
  const { data: suppliers } = useSuppliers();
  const download = useDownloadRfp();
  const exportRfps = useExportRfps();
  const [details, setDetails] = useState<Rfp | null>(null);
  const read = useMemo(() => report.data?.pages.flatMap((page) => page.rfps) ?? [], [report.data]);
  // The clock is read when the rows change, so the order holds still while they are on show.
  const rfps = useMemo(() => nearestReturnFirst(read, new Date(), timeZone), [read, timeZone]);

  useLoadErrorToast(report, T.loadFailed);

  const { hasNextPage, isFetching, fetchNextPage } = report;
  const readOn =
    hasNextPage &&
    !isFetching &&
    (report.data?.pages.length ?? 0) < MAX_PAGES_TO_UPCOMING &&
    nearerMayBeUnread(read, new Date(), timeZone);
  useEffect(() => {
    if (readOn) {
      void fetchNextPage();
    }
  }, [readOn, fetchNextPage]);

  const grid = useGridColumns(
    "rfpReport",
    userId,
    reportColumns(suppliers, {
      details: setDetails,
      download: (rfp) => download.mutate(rfp.rfpId, { onError: () => void toast.error(T.downloadFailed) }),
      downloading: (rfp) => download.isPending && download.variables === rfp.rfpId,
    }),
  );

  const filtered = filters.ownerUserId !== 0n || filters.query !== "";
  return (
    <div className="eris-page">
      <H3>{T.title}</H3>
      <div className="eris-toolbar eris-rfp-toolbar">
        {canPickUser && (
          <FormGroup inline label={T.user} labelFor="rfp-user">
            <HTMLSelect
              id="rfp-user"
              value={String(filters.ownerUserId === 0n ? "" : filters.ownerUserId)}
              onChange={(e) => url.update({ [P.user]: e.currentTarget.value })}
            >
              <option value="">{T.allUsers}</option>
              {filters.ownerUserId !== 0n && !directory.users.some((u) => u.userId === filters.ownerUserId) && (
                <option value={String(filters.ownerUserId)}>{directory.nameOf(filters.ownerUserId)}</option>
              )}
              <UserOptions users={directory.users} />
            </HTMLSelect>
          </FormGroup>
        )}
        <InputGroup
          type="search"
          leftIcon="search"
          className="eris-rfp-search"
          placeholder={T.searchPlaceholder}
          aria-label={T.search}
          autoComplete="off"
          rightElement={report.isFetching && !report.isFetchingNextPage ? <Spinner size={16} /> : undefined}
          value={search}
          onValueChange={setSearch}
        />
        <span className="eris-spacer" />
        <DataGridColumns {...grid.chooser} />
        <Button
          icon="export"
          text={T.export}
          loading={exportRfps.isPending}
          onClick={() => exportRfps.mutate(filters, { onError: () => void toast.error(T.exportFailed) })}
        />
      </div>
      <ListStatus
        query={report}
        loadingLabel={T.loading}
        loadFailed={T.loadFailed}
        retryText={T.refresh}
        empty={rfps.length === 0}
        emptyIcon="send-message"
        emptyTitle={filtered ? T.noMatches : T.noRfps}
      >
        <p className={Classes.TEXT_MUTED} data-testid="rfp-count">
          {T.shown(rfps.length, report.hasNextPage)}
        </p>
        <VirtualTable
          rows={rfps}
          columns={grid.columns}
          rowKey={(rfp) => String(rfp.rfpId)}
          rowAttributes={(rfp) => ({ "data-rfp-id": String(rfp.rfpId) })}
          ariaLabel={T.rfps}
          className="eris-rfp-table"
        />
        {report.hasNextPage && (
          <Button
            className="eris-rfp-more"
            variant="minimal"
            icon="more"
            text={T.loadMore}
            loading={report.isFetchingNextPage}
            onClick={() => void report.fetchNextPage()}
          />
        )}
      </ListStatus>
      {details && <RfpDetailsDialog rfp={details} onClose={() => setDetails(null)} />}
    </div>
  );
}

interface RowActions {
  details: (rfp: Rfp) => void;
  download: (rfp: Rfp) => void;
  /** Whether this row's spreadsheet is being made. */
  downloading: (rfp: Rfp) => boolean;
}

/**
 * The report's columns, one line each (the full text on hover): the company and Len at the left;
 * the start date, fee, suppliers and download at the right; the return date, by which the list is
 * ordered, first among those that scroll.
 */
function reportColumns(suppliers: readonly Supplier[] | undefined, actions: RowActions): VirtualColumn<Rfp>[] {
  const c = T.columns;
  const text = (
    id: keyof typeof c,
    width: number,
    value: (rfp: Rfp) => string,
    pinned: VirtualColumn<Rfp>["pinned"] = false,
  ): VirtualColumn<Rfp> => ({ id, header: c[id], width, pinned, render: value, title: value });
  return [
    {
      id: "company",
      header: c.company,
      width: 150,
      pinned: true,
      render: (rfp) => <Link to={companyRfpsPath(rfp.companyId)}>{rfp.companyName}</Link>,
      title: (rfp) => rfp.companyName,
    },
    {
      id: "len",
      header: c.len,
      width: 140,
      pinned: true,
      render: (rfp) => (
        <Button
          variant="minimal"
          size="small"
          ellipsizeText
          className="eris-rfp-len"
          text={rfp.len}
          aria-label={T.openRfp(rfp.len)}
          onClick={() => actions.details(rfp)}
        />
      ),
      title: (rfp) => rfp.len,
    },
    text("returnDate", 176, formatReturn),
    text("outcome", 94, (rfp) => outcomeLabel(rfp.outcome)),
    text("commodity", 112, (rfp) => commodityLabel(rfp.commodity)),
    text("address", 180, (rfp) => rfp.address),
    text("city", 110, (rfp) => rfp.city),
    text("state", 72, (rfp) => rfp.state),
    text("zip", 72, (rfp) => rfp.zip),
    text("startDate", 108, (rfp) => formatDate(rfp.startDate), "end"),
    text("fee", 70, (rfp) => rfp.fee, "end"),
    text("suppliers", 160, (rfp) => supplierNames(rfp.supplierIds, suppliers), "end"),
    {
      id: "download",
      header: c.download,
      width: 110,
      pinned: "end",
      render: (rfp) => (
        <Button
          variant="minimal"
          size="small"
          icon="download"
          aria-label={T.downloadRfp(rfp.len)}
          title={T.downloadRfp(rfp.len)}
          loading={actions.downloading(rfp)}
          onClick={() => actions.download(rfp)}
        />
      ),
    },
  ];
}
