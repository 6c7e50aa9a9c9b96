import { Fragment, useState } from "react";

import { Button, ButtonGroup, Classes, H4, HTMLTable, InputGroup, Intent, Spinner, Switch } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { useNavigate, useParams } from "react-router";

import { useCompany } from "../../api/companies";
import { failureText } from "../../api/errors";
import { useSuppliers } from "../../api/suppliers";
import { useAllUsers } from "../../api/users";
import { useUtilities } from "../../api/utilities";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListStatus } from "../../components/ListStatus";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { parseCompanyId } from "../../lib/companyRoutes";
import { downloadXlsx } from "../../lib/download";
import { CONTRACT_TEXTS } from "../../lib/records/contractTexts";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { viewContractPath } from "./AddBetaContract";
import { accountTexts, detailPairs, rowCells, type Lookups, type RowColumn } from "./betaDisplay";
import { useBetaContractPages, useContractAccounts, useDeleteBetaContract, useExportContracts } from "./betaQueries";
import { BETA_CONTRACT_TEXTS, BETA_TEXTS } from "./betaTexts";

import "./betaContracts.css";

const SEARCH_DELAY_MS = 300;
/** The address's params: the search text and whether Inactive contracts show. */
const P = { search: "q", inactive: "inactive" } as const;
const SHOWN = "1";

const COLUMNS: readonly RowColumn[] = [
  "status",
  "dateSigned",
  "commodity",
  "utility",
  "contractType",
  "supplier",
  "startDate",
  "termLength",
  "endDate",
  "rate",
  "fee",
];
const NUMERIC: readonly RowColumn[] = ["termLength", "rate", "fee"];

/** /LeadTabs/:leadId/contractsBETA: the company's contracts, beta ones deletable. */
export function BetaContractsTab() {
  const companyId = parseCompanyId(useParams().leadId);
  // The tab layout shows "not found" for an id that cannot be one.
  return companyId === null ? null : <CompanyBetaContracts key={String(companyId)} companyId={companyId} />;
}

interface CompanyBetaContractsProps {
  companyId: bigint;
}

/**
 * The search and the Show Inactive switch (both in the address, as ?q= and ?inactive=1, the server
 * filtering), a table whose rows open to show the contract's other fields and accounts, and per
 * row: edit (its View Contract page) and, for contracts made in beta, delete. Sales read only.
 */
function CompanyBetaContracts({ companyId }: CompanyBetaContractsProps) {
  const navigate = useNavigate();
  const { isSales } = useSessionUser();
  const canEdit = !isSales;
  const company = useCompany(companyId);
  const url = useUrlParams();
  const [search, setSearch] = useUrlText(url, P.search);
  const includeInactive = url.params.get(P.inactive) === SHOWN;
  const query = useDebouncedValue((url.params.get(P.search) ?? "").trim(), SEARCH_DELAY_MS);
  const pages = useBetaContractPages(companyId, query, includeInactive);
  const accounts = useContractAccounts(companyId);
  const users = useAllUsers();
  const utilities = useUtilities();
  const suppliers = useSuppliers();
  const deleteContract = useDeleteBetaContract();
  const exportContracts = useExportContracts();
  const [expanded, setExpanded] = useState<ReadonlySet<bigint>>(new Set());
  const [deleting, setDeleting] = useState<Contract | null>(null);

  useLoadErrorToast(pages, CONTRACT_TEXTS.loadFailed);

  const contracts = pages.data?.pages.flatMap((page) => page.contracts) ?? [];
  const lookups: Lookups = {
    users: users.data,
    utilities: utilities.data,
    suppliers: suppliers.data,
    accounts: accounts.data,
  };
  const base = `/LeadTabs/${companyId}/contractsBETA`;

  const toggle = (contractId: bigint) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(contractId)) {
        next.add(contractId);
      }
      return next;
    });

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteContract.mutateAsync(deleting);
      void toast.success(CONTRACT_TEXTS.deleted);
    } catch (err) {
      void toast.error(failureText(err, CONTRACT_TEXTS.failed, Code.FailedPrecondition, Code.InvalidArgument));
    } finally {
      setDeleting(null);
    }
  }

  function exportAll() {
    exportContracts.mutateAsync(companyId).then(downloadXlsx, () => void toast.error(BETA_TEXTS.exportFailed));
  }

  const deletingCells = deleting ? rowCells(deleting, lookups) : null;
  return (
    <div className="eris-beta-page">
      <H4 className="eris-beta-title">{BETA_TEXTS.tabTitle(company.data?.name ?? "")}</H4>
      <div className="eris-toolbar eris-beta-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          className="eris-beta-search"
          aria-label={BETA_TEXTS.search}
          placeholder={BETA_TEXTS.searchPlaceholder}
          value={search}
          onValueChange={setSearch}
        />
        <Switch
          className="eris-beta-switch"
          label={BETA_TEXTS.showInactive}
          checked={includeInactive}
          onChange={(event) => url.update({ [P.inactive]: event.currentTarget.checked ? SHOWN : null })}
        />
        {pages.isFetching && !pages.isPending && !pages.isFetchingNextPage && <Spinner size={16} />}
        <span className="eris-spacer" />
        {canEdit && (
          <>
            <Button
              icon="export"
              text={BETA_CONTRACT_TEXTS.exportContracts}
              loading={exportContracts.isPending}
              onClick={exportAll}
            />
            <Button
              intent={Intent.PRIMARY}
              icon="add"
              text={BETA_CONTRACT_TEXTS.addContract}
              onClick={() => navigate(`${base}/add`)}
            />
          </>
        )}
      </div>
      <ListStatus
        query={pages}
        loadingLabel={BETA_TEXTS.loading}
        loadFailed={CONTRACT_TEXTS.loadFailed}
        retryText={BETA_TEXTS.retry}
        empty={contracts.length === 0}
        emptyIcon="document"
        emptyTitle={BETA_TEXTS.noContracts}
      >
        <div className="eris-beta-table-box">
          <HTMLTable compact striped className="eris-table eris-beta-table" aria-label={BETA_TEXTS.table}>
            <thead>
              <tr>
                <th scope="col">{CONTRACT_TEXTS.columns.actions}</th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={NUMERIC.includes(column) ? "eris-numeric" : undefined}>
                    {CONTRACT_TEXTS.columns[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {contracts.map((contract) => {
                const id = contract.contractId;
                const open = expanded.has(id);
                const cells = rowCells(contract, lookups);
                const detailsId = `beta-contract-details-${id}`;
                return (
                  <Fragment key={String(id)}>
                    <tr data-contract-id={String(id)}>
                      <td>
                        <ButtonGroup variant="minimal" className="eris-row-actions">
                          <Button
                            size="small"
                            icon={open ? "chevron-down" : "chevron-right"}
                            aria-label={open ? BETA_TEXTS.actions.collapse : BETA_TEXTS.actions.expand}
                            title={open ? BETA_TEXTS.actions.collapse : BETA_TEXTS.actions.expand}
                            aria-expanded={open}
                            aria-controls={open ? detailsId : undefined}
                            onClick={() => toggle(id)}
                          />
                          <Button
                            size="small"
                            icon={canEdit ? "edit" : "eye-open"}
                            aria-label={canEdit ? BETA_TEXTS.actions.edit : BETA_TEXTS.actions.view}
                            title={canEdit ? BETA_TEXTS.actions.edit : BETA_TEXTS.actions.view}
                            onClick={() => navigate(viewContractPath(companyId, id))}
                          />
                          {canEdit && contract.beta && (
                            <Button
                              size="small"
                              icon="trash"
                              intent={Intent.DANGER}
                              aria-label={BETA_TEXTS.actions.delete}
                              title={BETA_TEXTS.actions.delete}
                              onClick={() => setDeleting(contract)}
                            />
                          )}
                        </ButtonGroup>
                      </td>
                      {COLUMNS.map((column) => (
                        <td key={column} className={NUMERIC.includes(column) ? "eris-numeric" : undefined}>
                          {cells[column]}
                        </td>
                      ))}
                    </tr>
                    {open && (
                      <tr id={detailsId} className="eris-beta-details-row">
                        <td colSpan={COLUMNS.length + 1}>
                          <ContractDetails contract={contract} lookups={lookups} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
        <div className="eris-pager">
          <span className={Classes.TEXT_MUTED} data-testid="contract-count">
            {BETA_TEXTS.shown(contracts.length, pages.hasNextPage)}
          </span>
          {pages.hasNextPage && (
            <Button
              text={BETA_TEXTS.loadMore}
              loading={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            />
          )}
        </div>
      </ListStatus>
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={BETA_TEXTS.actions.delete}
        loading={deleteContract.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{CONTRACT_TEXTS.deleteConfirm}</p>
        {deletingCells && (
          <p data-testid="delete-describes">
            {CONTRACT_TEXTS.deleteDescribes(deletingCells.commodity, deletingCells.status, deletingCells.dateSigned)}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

interface ContractDetailsProps {
  contract: Contract;
  lookups: Lookups;
}

/** An expanded row: the contract's other fields, then its accounts. */
function ContractDetails({ contract, lookups }: ContractDetailsProps) {
  const accounts = accountTexts(contract, lookups.accounts);
  return (
    <div className="eris-beta-details">
      <dl>
        {detailPairs(contract, lookups).map(([label, value]) => (
          <div key={label} className="eris-beta-detail">
            <dt>{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
      <div>
        <strong>{BETA_TEXTS.details.accounts}</strong>
        {accounts.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{BETA_TEXTS.details.noAccounts}</p>
        ) : (
          <ul aria-label={BETA_TEXTS.details.accounts}>
            {accounts.map((text, index) => (
              <li key={`${index}-${text}`}>{text}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
