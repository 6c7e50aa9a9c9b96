import { useMemo, useState, type FormEvent } from "react";

import { Button, Classes, FormGroup, H3, HTMLSelect, Intent, Spinner } from "@blueprintjs/core";
import { Link } from "react-router";

import { DateTextInput } from "../../components/DateTextInput";
import { formatDate } from "../../lib/dateText";
import { ListStatus } from "../../components/ListStatus";
import { applyParamChanges, useUrlParams } from "../../lib/urlState";
import { UserOptions } from "../../components/UserOptions";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { RenewalRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { formatMoney, formatVolume } from "../../lib/records/contractFormat";
import { useUserDirectory } from "../../api/userDirectory";
import { useRenewals } from "./reportQueries";
import {
  closerFixed,
  renewalChanges,
  renewalDraftOf,
  renewalFiltersOf,
  renewalFiltersOfDraft,
  renewalKey,
  renewalsRequest,
  resetFilters,
  type RenewalDraft,
  type RenewalFilters,
} from "./renewalView";
import { RENEWAL_TEXTS } from "./texts";

import "./reports.css";

const T = RENEWAL_TEXTS;
const C = T.columns;

/** The company's page (its details tab). */
function companyPath(companyId: bigint): string {
  return `/LeadTabs/${companyId}`;
}

const COLUMNS: VirtualColumn<RenewalRow>[] = [
  {
    id: "name",
    header: C.name,
    width: 220,
    pinned: true,
    render: (row) => <Link to={companyPath(row.companyId)}>{row.companyName}</Link>,
    title: (row) => row.companyName,
  },
  { id: "closer", header: C.closer, width: 140, render: (row) => row.companyCloser, title: (row) => row.companyCloser },
  {
    id: "analyst",
    header: C.analyst,
    width: 140,
    render: (row) => row.companyAnalyst,
    title: (row) => row.companyAnalyst,
  },
  { id: "affiliate", header: C.affiliate, width: 130, render: (row) => row.affiliate, title: (row) => row.affiliate },
  { id: "supplier", header: C.supplier, width: 160, render: (row) => row.supplier, title: (row) => row.supplier },
  { id: "commodity", header: C.commodity, width: 100, render: (row) => row.commodity },
  { id: "utility", header: C.utility, width: 150, render: (row) => row.utility, title: (row) => row.utility },
  { id: "endDate", header: C.endDate, width: 104, render: (row) => formatDate(row.endDate) },
  { id: "remainingMonths", header: C.remainingMonths, width: 140, numeric: true, render: (row) => row.remainingMonths },
  {
    id: "annualVolume",
    header: C.annualVolume,
    width: 190,
    numeric: true,
    render: (row) => formatVolume(row.annualVolume),
  },
  {
    id: "termFeeTotal",
    header: C.termFeeTotal,
    width: 130,
    numeric: true,
    render: (row) => formatMoney(row.termFeeTotal),
  },
  { id: "contractType", header: C.contractType, width: 120, render: (row) => row.contractType },
];

/**
 * /RenewalTracking: contracts not yet ended, the soonest ending first, filtered by the company's
 * Closer and Analyst and an End Date. Refresh loads with the filters; Reset follows the role's rule.
 * A Sales user's closer is themself and cannot be changed. The filters are in the address.
 */
export function RenewalTrackingPage() {
  const { me } = useSessionUser();
  const viewer = { userId: me.userId, role: me.role };
  const fixed = closerFixed(me.role);
  const url = useUrlParams();
  const filters = renewalFiltersOf(url.params, viewer);
  const key = renewalKey(filters);
  const renewals = useRenewals(renewalsRequest(filters), key);
  const directory = useUserDirectory();
  const [draft, setDraft] = useState<RenewalDraft>(() => renewalDraftOf(filters));
  const [draftOfKey, setDraftOfKey] = useState(key.join("|"));

  useLoadErrorToast(renewals, T.loadFailed);

  // Refresh, Reset, Back and links change the filters in force: the form shows them.
  if (key.join("|") !== draftOfKey) {
    setDraftOfKey(key.join("|"));
    setDraft(renewalDraftOf(filters));
  }

  function load(next: RenewalFilters) {
    const changes = renewalChanges(next, viewer);
    if (applyParamChanges(url.params, changes).toString() === url.params.toString()) {
      void renewals.refetch();
    } else {
      url.update(changes);
    }
  }

  function refresh(event?: FormEvent) {
    event?.preventDefault();
    const next = renewalFiltersOfDraft(draft, viewer);
    if (next) {
      load(next);
    }
  }

  function reset() {
    const next = resetFilters(renewalFiltersOfDraft(draft, viewer) ?? filters, viewer);
    setDraft(renewalDraftOf(next));
    load(next);
  }

  const rows = useMemo(() => renewals.data?.rows ?? [], [renewals.data]);
  const userSelect = (id: string, label: string, field: "closer" | "analyst", disabled = false) => {
    const value = draft[field];
    const known = !value || directory.users.some((user) => String(user.userId) === value);
    const ownName = value === String(me.userId) ? me.name : "";
    return (
      <FormGroup inline label={label} labelFor={id}>
        <HTMLSelect
          id={id}
          value={value}
          disabled={disabled}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setDraft((d) => ({ ...d, [field]: next }));
          }}
        >
          {!disabled && <option value="">{T.anyone}</option>}
          {!known && <option value={value}>{ownName || directory.nameOf(BigInt(value)) || `#${value}`}</option>}
          <UserOptions users={directory.users} />
        </HTMLSelect>
      </FormGroup>
    );
  };

  return (
    <div className="eris-page eris-report-page">
      <H3>{T.title}</H3>
      <form className="eris-toolbar" onSubmit={refresh}>
        {userSelect("renewal-closer", T.closer, "closer", fixed)}
        {userSelect("renewal-analyst", T.analyst, "analyst")}
        <DateTextInput
          id="renewal-end"
          label={T.endDate}
          inline
          value={draft.endDate}
          onValueChange={(endDate) => setDraft((d) => ({ ...d, endDate }))}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon="refresh" text={T.refresh} />
        <Button icon="reset" text={T.reset} onClick={reset} />
        {renewals.isFetching && !renewals.isPending && <Spinner size={16} />}
      </form>
      <ListStatus
        query={renewals}
        loadingLabel={T.loading}
        loadFailed={T.loadFailed}
        retryText={T.retry}
        empty={rows.length === 0}
        emptyIcon="calendar"
        emptyTitle={T.noRows}
      >
        <p className={Classes.TEXT_MUTED} data-testid="renewal-count">
          {renewals.data?.more ? T.countMore(rows.length) : T.count(rows.length)}
        </p>
        <VirtualTable
          key={key.join("|")}
          rows={rows}
          columns={COLUMNS}
          rowKey={(row) => String(row.contractId)}
          rowAttributes={(row) => ({ "data-contract-id": String(row.contractId) })}
          ariaLabel={T.table}
          className="eris-renewal-table"
        />
      </ListStatus>
    </div>
  );
}
