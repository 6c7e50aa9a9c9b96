import { useMemo, useState } from "react";

import { Button, Classes, FormGroup, H3, HTMLSelect, HTMLTable, InputGroup, Spinner } from "@blueprintjs/core";
import { Link } from "react-router";

import { useSuppliers } from "../../api/suppliers";
import { useSessionState } from "../../app/auth/SessionContext";
import { commodityLabel } from "../../lib/commodity";
import { formatDate } from "../../lib/dateText";
import { ListStatus } from "../../components/ListStatus";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { UserOptions } from "../../components/UserOptions";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import type { Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { useUserDirectory } from "../../api/userDirectory";
import { RfpDetailsDialog } from "./RfpDetailsDialog";
import { useDownloadRfp, useExportRfps, useRfpReport, type RfpReportFilters } from "./rfpReportQueries";
import { companyRfpsPath, formatReturn, outcomeLabel, supplierNames } from "./rfpText";
import { RFP_REPORT_TEXTS } from "./texts";

import "./rfpReport.css";

/** The address's params: the owner picked and the search text. */
const P = { user: "user", search: "q" } as const;
/** Typing waits this long before searching. */
const SEARCH_DELAY_MS = 300;
const T = RFP_REPORT_TEXTS;

/** Sales see the RFPs of their companies, whoever made them: the server ignores an owner for them. */
export function canFilterRfpsByUser(role: Role): boolean {
  return role !== Role.SALES;
}

/** A user id from the address; 0 (anyone's) when absent or not one. */
function parseUserId(text: string | null): bigint {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : 0n;
}

/**
 * /RFP: every RFP the caller may see, latest return date first, a page at a time. The owner filter
 * (not for Sales) and the search are kept in the address; each row downloads its spreadsheet and
 * Export downloads the whole filtered list.
 */
export function RfpReportPage() {
  const session = useSessionState();
  const role = session.status === "signedIn" ? session.user.role : Role.UNSPECIFIED;
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
  const rfps = useMemo(() => report.data?.pages.flatMap((page) => page.rfps) ?? [], [report.data]);

  useLoadErrorToast(report, T.loadFailed);

  function downloadRow(rfp: Rfp) {
    download.mutate(rfp.rfpId, { onError: () => void toast.error(T.downloadFailed) });
  }

  const filtered = filters.ownerUserId !== 0n || filters.query !== "";
  const c = T.columns;
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
        <div className="eris-rfp-table-wrap">
          <HTMLTable striped compact className="eris-table eris-rfp-table" aria-label={T.rfps}>
            <thead>
              <tr>
                <th>{c.company}</th>
                <th>{c.len}</th>
                <th>{c.commodity}</th>
                <th>{c.address}</th>
                <th>{c.city}</th>
                <th>{c.state}</th>
                <th>{c.zip}</th>
                <th>{c.returnDate}</th>
                <th>{c.startDate}</th>
                <th>{c.fee}</th>
                <th>{c.suppliers}</th>
                <th>{c.outcome}</th>
                <th>{c.download}</th>
              </tr>
            </thead>
            <tbody>
              {rfps.map((rfp) => (
                <tr key={String(rfp.rfpId)} data-rfp-id={String(rfp.rfpId)}>
                  <td>
                    <Link to={companyRfpsPath(rfp.companyId)}>{rfp.companyName}</Link>
                  </td>
                  <td>
                    <Button
                      variant="minimal"
                      size="small"
                      className="eris-rfp-len"
                      text={rfp.len}
                      aria-label={T.openRfp(rfp.len)}
                      onClick={() => setDetails(rfp)}
                    />
                  </td>
                  <td>{commodityLabel(rfp.commodity)}</td>
                  <td className="eris-rfp-wrap">{rfp.address}</td>
                  <td>{rfp.city}</td>
                  <td>{rfp.state}</td>
                  <td>{rfp.zip}</td>
                  <td>{formatReturn(rfp)}</td>
                  <td>{formatDate(rfp.startDate)}</td>
                  <td>{rfp.fee}</td>
                  <td className="eris-rfp-wrap">{supplierNames(rfp.supplierIds, suppliers)}</td>
                  <td>{outcomeLabel(rfp.outcome)}</td>
                  <td>
                    <Button
                      variant="minimal"
                      size="small"
                      icon="download"
                      aria-label={T.downloadRfp(rfp.len)}
                      title={T.downloadRfp(rfp.len)}
                      loading={download.isPending && download.variables === rfp.rfpId}
                      onClick={() => downloadRow(rfp)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
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
