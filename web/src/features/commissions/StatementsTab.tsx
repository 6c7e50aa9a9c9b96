import { FormGroup, HTMLSelect, Intent, Spinner, Tag } from "@blueprintjs/core";
import { Link } from "react-router";

import { useUserDirectory } from "../../api/userDirectory";
import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { ListStatus } from "../../components/ListStatus";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import { StatementStatus, type Statement } from "../../gen/eris/contracts/v1/statements_pb";
import { formatDateTime } from "../../lib/dateText";
import { formatMoney } from "../../lib/records/contractFormat";
import type { UrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { monthLabel, monthParam, parseMonthParam, recentMonths, statusLabel, thisMonth } from "./commissionFormat";
import { useStatements } from "./commissionQueries";
import { statementPath } from "./paths";
import { parseSupplierParam, SupplierFilter } from "./SupplierSelect";
import { COMMISSION_TEXTS } from "./texts";

const T = COMMISSION_TEXTS;
const C = T.statementColumns;

/** The months the filter offers: the last two years. */
const MONTH_CHOICES = 24;

/** MM/DD/YYYY, the day of an instant on the business clock (the time left out). */
function dayOf(statement: Statement, timeZone: string | undefined): string {
  return formatDateTime(statement.importedAt, timeZone).split(" ")[0] ?? "";
}

function count(id: keyof typeof C, value: (s: Statement) => number): VirtualColumn<Statement> {
  return { id, header: C[id], width: 112, numeric: true, render: (s) => value(s).toLocaleString("en-US") };
}

function money(id: keyof typeof C, value: (s: Statement) => string): VirtualColumn<Statement> {
  return { id, header: C[id], width: 120, numeric: true, render: (s) => formatMoney(value(s)) };
}

function statementColumns(nameOf: (userId: bigint) => string, timeZone: string | undefined) {
  const columns: VirtualColumn<Statement>[] = [
    {
      id: "number",
      header: C.number,
      width: 124,
      pinned: true,
      render: (s) => <Link to={statementPath(s.statementId)}>{`#${s.statementId}`}</Link>,
    },
    { id: "supplier", header: C.supplier, width: 170, render: (s) => s.supplierName, title: (s) => s.supplierName },
    { id: "file", header: C.file, width: 200, render: (s) => s.fileName, title: (s) => s.fileName },
    {
      id: "status",
      header: C.status,
      width: 100,
      render: (s) => (
        <Tag minimal intent={s.status === StatementStatus.REVERTED ? Intent.WARNING : Intent.SUCCESS}>
          {statusLabel(s.status)}
        </Tag>
      ),
    },
    {
      id: "imported",
      header: C.imported,
      width: 210,
      render: (s) => T.importedBy(dayOf(s, timeZone), nameOf(s.importedBy)),
      title: (s) => formatDateTime(s.importedAt, timeZone),
    },
    count("rows", (s) => s.rowCount),
    count("matched", (s) => s.matched),
    count("shortOver", (s) => s.shortOver),
    count("unmatched", (s) => s.unmatched),
    count("duplicate", (s) => s.duplicate),
    count("linked", (s) => s.linked),
    count("missing", (s) => s.missing),
    money("received", (s) => s.receivedTotal),
    money("applied", (s) => s.appliedTotal),
  ];
  return columns;
}

export interface StatementsTabProps {
  url: UrlParams;
}

/** Statements, latest first; the supplier and service month chosen are in the address (?supplier=7&month=2026-03). */
export function StatementsTab({ url }: StatementsTabProps) {
  const supplierId = parseSupplierParam(url.params.get("supplier"));
  const month = parseMonthParam(url.params.get("month"));
  const statements = useStatements(supplierId, month);
  const directory = useUserDirectory();
  const timeZone = useBusinessTimeZone();
  useLoadErrorToast(statements, T.statementsFailed);

  const months = recentMonths(thisMonth(), MONTH_CHOICES);
  if (month && !months.some((m) => monthParam(m) === monthParam(month))) {
    months.push(month);
  }
  const rows = statements.data ?? [];

  return (
    <>
      <div className="eris-toolbar eris-commission-choices">
        <SupplierFilter id="statements-supplier" url={url} />
        <FormGroup inline label={T.serviceMonth} labelFor="statements-month">
          <HTMLSelect
            id="statements-month"
            value={month ? monthParam(month) : ""}
            onChange={(e) => url.update({ month: e.currentTarget.value })}
          >
            <option value="">{T.allMonths}</option>
            {months.map((m) => (
              <option key={monthParam(m)} value={monthParam(m)}>
                {monthLabel(m)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {statements.isFetching && !statements.isPending && <Spinner size={16} />}
      </div>
      <ListStatus
        query={statements}
        loadingLabel={T.statementsLoading}
        loadFailed={T.statementsFailed}
        retryText={T.retry}
        empty={rows.length === 0}
        emptyIcon="document"
        emptyTitle={T.noStatements}
      >
        <VirtualTable
          rows={rows}
          columns={statementColumns(directory.nameOf, timeZone)}
          rowKey={(s) => String(s.statementId)}
          rowAttributes={(s) => ({ "data-statement-id": String(s.statementId) })}
          ariaLabel={T.statementsTable}
          scrollLabel={T.statementsTable}
          className="eris-commission-rows"
        />
      </ListStatus>
    </>
  );
}
