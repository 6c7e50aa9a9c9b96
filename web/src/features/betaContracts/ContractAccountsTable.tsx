import { useMemo } from "react";

import { Checkbox, Classes, Spinner } from "@blueprintjs/core";

import { supplierName, useSuppliers } from "../../api/suppliers";
import { utilityName, useUtilities } from "../../api/utilities";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import { AccountCommodity, type Account } from "../../gen/eris/crm/v1/accounts_pb";
import { formatDecimal } from "../../lib/numberText";
import { FORM_TEXTS } from "./betaTexts";

const C = FORM_TEXTS.accountColumns;

export interface ContractAccountsTableProps {
  /** The accounts offered (the company's accounts of the contract's commodity). */
  accounts: readonly Account[];
  /** The ids selected; ids not offered any more stay selected. */
  selected: readonly bigint[];
  onChange: (ids: bigint[]) => void;
  loading: boolean;
  /** Whether a commodity is chosen (no account is offered before). */
  commodityChosen: boolean;
  readOnly: boolean;
}

/**
 * The accounts a contract may cover, each row with a checkbox (Space toggles it), and one in the
 * header to select them all.
 */
export function ContractAccountsTable({
  accounts,
  selected,
  onChange,
  loading,
  commodityChosen,
  readOnly,
}: ContractAccountsTableProps) {
  const utilities = useUtilities();
  const suppliers = useSuppliers();
  const offeredIds = useMemo(() => accounts.map((a) => a.accountId), [accounts]);
  const chosen = offeredIds.filter((id) => selected.includes(id)).length;
  const all = accounts.length > 0 && chosen === accounts.length;

  const columns = useMemo((): VirtualColumn<Account>[] => {
    const toggle = (id: bigint, on: boolean) =>
      onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
    const others = selected.filter((id) => !offeredIds.includes(id));
    return [
      {
        id: "select",
        header: (
          <Checkbox
            className="eris-beta-check"
            aria-label={FORM_TEXTS.selectAll}
            checked={all}
            indeterminate={chosen > 0 && !all}
            disabled={readOnly || accounts.length === 0}
            onChange={() => onChange(all ? others : [...others, ...offeredIds])}
          />
        ),
        width: 56,
        pinned: true,
        render: (account) => (
          <Checkbox
            className="eris-beta-check"
            aria-label={FORM_TEXTS.selectAccount(account.name, account.accountNumber)}
            checked={selected.includes(account.accountId)}
            disabled={readOnly}
            onChange={(event) => toggle(account.accountId, event.currentTarget.checked)}
          />
        ),
      },
      { id: "name", header: C.name, width: 200, render: (a) => a.name, title: (a) => a.name },
      { id: "accountNumber", header: C.accountNumber, width: 150, render: (a) => a.accountNumber },
      {
        id: "utility",
        header: C.utility,
        width: 160,
        render: (a) => (a.utilityId ? (utilityName(utilities.data, a.utilityId) ?? "") : ""),
      },
      {
        id: "supplier",
        header: C.supplier,
        width: 160,
        render: (a) => (a.supplierId ? (supplierName(suppliers.data, a.supplierId) ?? "") : ""),
      },
      {
        id: "annualVolume",
        header: C.annualVolume,
        width: 150,
        numeric: true,
        render: (a) => formatDecimal(a.commodity === AccountCommodity.GAS ? a.annualTherms : a.annualKwh),
      },
      { id: "city", header: C.city, width: 130, render: (a) => a.city },
    ];
  }, [accounts.length, all, chosen, offeredIds, onChange, readOnly, selected, suppliers.data, utilities.data]);

  if (!commodityChosen) {
    return <p className={Classes.TEXT_MUTED}>{FORM_TEXTS.chooseCommodityFirst}</p>;
  }
  if (loading) {
    return <Spinner size={20} aria-label={FORM_TEXTS.accountsLoading} />;
  }
  if (accounts.length === 0) {
    return <p className={Classes.TEXT_MUTED}>{FORM_TEXTS.noAccounts}</p>;
  }
  return (
    <>
      <p className={Classes.TEXT_MUTED} data-testid="accounts-chosen">
        {FORM_TEXTS.accountsChosen(chosen, accounts.length)}
      </p>
      <VirtualTable
        rows={accounts}
        columns={columns}
        rowKey={(account) => String(account.accountId)}
        rowAttributes={(account) => ({ "data-account-id": String(account.accountId) })}
        ariaLabel={FORM_TEXTS.accounts}
        className="eris-beta-accounts"
      />
    </>
  );
}
