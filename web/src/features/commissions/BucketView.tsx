import { useState } from "react";

import { Button, Classes, Tab, Tabs } from "@blueprintjs/core";
import { Link } from "react-router";

import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import {
  StatementBucket,
  type MissingPayment,
  type Statement,
  type StatementRow,
} from "../../gen/eris/contracts/v1/statements_pb";
import { companyContractsPath } from "../../lib/companyRoutes";
import { formatMoney, formatVolume } from "../../lib/records/contractFormat";
import { BUCKET_OF_TAB, bucketLabel, dateMonth, monthLabel, periodText, type BucketTab } from "./commissionFormat";
import { BUCKET_TEXTS } from "./texts";

const C = BUCKET_TEXTS.columns;

/** An amount, in the danger colour when below zero (its minus sign stays, for those who cannot see red). */
export function SignedMoney({ value }: { value: string }) {
  return (
    <span className={value.trim().startsWith("-") ? "eris-commission-negative" : undefined}>{formatMoney(value)}</span>
  );
}

/** A contract's number, linking to its company's Contracts tab; nothing for none. */
function ContractLink({ contractId, companyId }: { contractId: bigint; companyId: bigint }) {
  if (contractId === 0n) {
    return null;
  }
  const text = BUCKET_TEXTS.contract(contractId);
  return companyId === 0n ? <>{text}</> : <Link to={companyContractsPath(companyId)}>{text}</Link>;
}

type RowColumn = VirtualColumn<StatementRow>;

const ROW_COLUMNS: RowColumn[] = [
  { id: "row", header: C.row, width: 84, numeric: true, pinned: true, render: (row) => row.rowNumber },
  {
    id: "account",
    header: C.account,
    width: 150,
    render: (row) => row.line?.accountNumber,
    title: (row) => row.line?.accountNumber,
  },
  {
    id: "period",
    header: C.period,
    width: 215,
    render: (row) => periodText(row.line) || monthLabel(dateMonth(row.month)),
  },
  { id: "usage", header: C.usage, width: 100, numeric: true, render: (row) => formatVolume(row.line?.usage ?? "") },
  { id: "amount", header: C.amount, width: 110, numeric: true, render: (row) => formatMoney(row.line?.amount ?? "") },
  { id: "expected", header: C.expected, width: 110, numeric: true, render: (row) => formatMoney(row.expected) },
  {
    id: "difference",
    header: C.difference,
    width: 110,
    numeric: true,
    render: (row) => <SignedMoney value={row.difference} />,
  },
  {
    id: "contract",
    header: C.contract,
    width: 90,
    render: (row) => <ContractLink contractId={row.contractId} companyId={row.companyId} />,
  },
  { id: "company", header: C.company, width: 190, render: (row) => row.companyName, title: (row) => row.companyName },
  { id: "note", header: C.note, width: 280, render: (row) => row.note, title: (row) => row.note },
];

/** Unmatched rows' suggestions: each company linking to its contracts, the reasons on hover. */
const SUGGESTIONS_COLUMN: RowColumn = {
  id: "suggestions",
  header: C.suggestions,
  width: 280,
  render: (row) =>
    row.suggestions.map((s, i) => (
      <span key={`${s.companyId}-${i}`}>
        {i > 0 && ", "}
        <Link to={companyContractsPath(s.companyId)}>{s.companyName}</Link>
      </span>
    )),
  title: (row) => row.suggestions.map((s) => `${s.companyName}: ${s.reason}`).join("\n") || undefined,
};

function linkColumn(onLink: (row: StatementRow) => void): RowColumn {
  return {
    id: "action",
    header: C.action,
    width: 100,
    pinned: "end",
    render: (row) => (
      <Button
        small
        icon="link"
        text={BUCKET_TEXTS.link}
        aria-label={BUCKET_TEXTS.linkRow(row.rowNumber)}
        onClick={() => onLink(row)}
      />
    ),
  };
}

const MISSING_COLUMNS: VirtualColumn<MissingPayment>[] = [
  {
    id: "contract",
    header: C.contract,
    width: 90,
    pinned: true,
    render: (m) => <ContractLink contractId={m.contractId} companyId={m.companyId} />,
  },
  { id: "company", header: C.company, width: 260, render: (m) => m.companyName, title: (m) => m.companyName },
  { id: "month", header: C.month, width: 150, render: (m) => monthLabel(dateMonth(m.month)) },
  { id: "expected", header: C.expected, width: 130, numeric: true, render: (m) => formatMoney(m.expected) },
];

/** The rows a Link action may be offered on: not yet matched, or matched short or over. */
export function canLinkRow(row: StatementRow): boolean {
  return row.bucket === StatementBucket.UNMATCHED || row.bucket === StatementBucket.SHORT_OVER;
}

/** A bucket's count as the statement gives it. */
function countOf(statement: Statement | undefined, tab: BucketTab): number {
  if (!statement) {
    return 0;
  }
  return tab === "shortOver" ? statement.shortOver : statement[tab];
}

export interface BucketViewProps {
  statement: Statement | undefined;
  rows: readonly StatementRow[];
  missing: readonly MissingPayment[];
  /** The buckets shown, in order (a preview has no Linked). */
  tabs: readonly BucketTab[];
  /** Offers Link on Unmatched and Short/Over rows when given. */
  onLink?: (row: StatementRow) => void;
}

/** A statement's rows by bucket, one tab each with its count, and the payments it left missing. */
export function BucketView({ statement, rows, missing, tabs, onLink }: BucketViewProps) {
  const firstWithRows = tabs.find((tab) => countOf(statement, tab) > 0) ?? tabs[0];
  const [chosen, setChosen] = useState<BucketTab | null>(null);
  const selected = chosen && tabs.includes(chosen) ? chosen : firstWithRows;

  return (
    <Tabs
      id="commission-buckets"
      className="eris-commission-buckets"
      selectedTabId={selected}
      onChange={(tab) => setChosen(tab as BucketTab)}
      renderActiveTabPanelOnly
    >
      {tabs.map((tab) => (
        <Tab
          key={tab}
          id={tab}
          title={BUCKET_TEXTS.withCount(bucketLabel(tab), countOf(statement, tab))}
          panel={
            tab === "missing" ? (
              <MissingTable missing={missing} />
            ) : (
              <BucketRows tab={tab} rows={rows} onLink={onLink} />
            )
          }
        />
      ))}
    </Tabs>
  );
}

function BucketRows({
  tab,
  rows,
  onLink,
}: {
  tab: Exclude<BucketTab, "missing">;
  rows: readonly StatementRow[];
  onLink?: (row: StatementRow) => void;
}) {
  const bucket = BUCKET_OF_TAB[tab];
  const shown = rows.filter((row) => row.bucket === bucket);
  const label = bucketLabel(tab);
  if (shown.length === 0) {
    return <p className={Classes.TEXT_MUTED}>{BUCKET_TEXTS.noRows(label)}</p>;
  }
  const columns = [
    ...ROW_COLUMNS,
    ...(tab === "unmatched" ? [SUGGESTIONS_COLUMN] : []),
    ...(onLink && (tab === "unmatched" || tab === "shortOver") ? [linkColumn(onLink)] : []),
  ];
  return (
    <VirtualTable
      key={tab}
      rows={shown}
      columns={columns}
      rowKey={(row) => String(row.rowNumber)}
      rowAttributes={(row) => ({ "data-row-number": String(row.rowNumber) })}
      ariaLabel={BUCKET_TEXTS.rowsOf(label)}
      scrollLabel={BUCKET_TEXTS.rowsOf(label)}
      className="eris-commission-rows"
    />
  );
}

function MissingTable({ missing }: { missing: readonly MissingPayment[] }) {
  if (missing.length === 0) {
    return <p className={Classes.TEXT_MUTED}>{BUCKET_TEXTS.noMissing}</p>;
  }
  return (
    <VirtualTable
      rows={missing}
      columns={MISSING_COLUMNS}
      rowKey={(m) => String(m.paymentId)}
      rowAttributes={(m) => ({ "data-payment-id": String(m.paymentId) })}
      ariaLabel={BUCKET_TEXTS.rowsOf(BUCKET_TEXTS.missing)}
      scrollLabel={BUCKET_TEXTS.rowsOf(BUCKET_TEXTS.missing)}
      className="eris-commission-rows"
    />
  );
}
