import { useMemo, useState, type FormEvent } from "react";

import { Button, Callout, Card, H4, H5, Intent, NonIdealState, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { Link, useParams } from "react-router";

import { hasCode } from "../../api/errors";
import { commodityLabel } from "../../lib/commodity";
import { formatDate, isDateTextValid } from "../../lib/dateText";
import { FormNotice } from "../../components/FormDialogParts";
import { idsOf, idsText, useRecordForm } from "../../lib/recordForm";
import { tabChanges, useUrlParams } from "../../lib/urlState";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { useCompany } from "../../api/companies";
import { parseCompanyId } from "../../lib/companyRoutes";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { statusLabel } from "../../lib/records/contractTexts";
import { BETA_CONTRACT_TEXTS, BETA_TEXTS, FIELD_LABELS, FORM_TEXTS, VIEW_TEXTS } from "./betaTexts";
import { BetaPaymentsPanel } from "../payments";
import { ErrorList } from "./AddBetaContract";
import {
  ACCOUNTS_MASK_PATHS,
  accountsForCommodity,
  contractUpdate,
  INFO_MASK_PATHS,
  infoFieldsOf,
  type InfoFields,
} from "./betaForm";
import { chosenAccounts } from "../../lib/records/contractChoices";
import { TextInputField } from "./BetaFields";
import { useContract, useContractAccounts, useFetchContract, useUpdateContract } from "./betaQueries";
import { refusalLines } from "./betaValidation";
import { ContractAccountsTable } from "./ContractAccountsTable";
import { AssignmentsSection, ContractInfoSection, type SectionKey } from "./ContractFormSections";
import { HedgesPanel } from "./HedgesPanel";

import "./betaContracts.css";

const TABS = ["info", "hedge", "payments", "accounts"] as const;
type TabId = (typeof TABS)[number];
const DEFAULT_TAB: TabId = "info";
/** The address's param: the tab shown. */
const TAB_PARAM = "tab";

function parseContractId(text: string | undefined): bigint | null {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : null;
}

/** /LeadTabs/:leadId/contractsBETA/view/:contractId: one contract in four tabs. */
export function ViewBetaContract() {
  const params = useParams();
  const companyId = parseCompanyId(params.leadId);
  const contractId = parseContractId(params.contractId);
  if (companyId === null) {
    // The tab layout shows "not found" for an id that cannot be one.
    return null;
  }
  if (contractId === null) {
    return <ContractNotFound companyId={companyId} />;
  }
  return <ContractView key={String(contractId)} companyId={companyId} contractId={contractId} />;
}

function ContractNotFound({ companyId }: { companyId: bigint }) {
  return (
    <NonIdealState
      icon="document"
      title={VIEW_TEXTS.notFound}
      action={<Link to={`/LeadTabs/${companyId}/contractsBETA`}>{FORM_TEXTS.back}</Link>}
    />
  );
}

interface ContractViewProps {
  companyId: bigint;
  contractId: bigint;
}

/**
 * The lead's name, the contract in brief and the tabs Info, Hedge, Payments and Accounts (the tab
 * shown is in the address, as ?tab=). Sales see every tab without its edit controls.
 */
function ContractView({ companyId, contractId }: ContractViewProps) {
  const { isSales } = useSessionUser();
  const canEdit = !isSales;
  const company = useCompany(companyId);
  const contract = useContract(contractId);
  const url = useUrlParams();
  const tabParam = url.params.get(TAB_PARAM);
  const tab: TabId = TABS.find((t) => t === tabParam) ?? DEFAULT_TAB;
  // A saved form starts again from the contract as saved (its new version); counted per save.
  const [saves, setSaves] = useState(0);
  const saved = () => setSaves((n) => n + 1);

  if (contract.isPending) {
    return <Spinner aria-label={BETA_TEXTS.loading} />;
  }
  if (contract.isError && !contract.data) {
    if (hasCode(contract.error, Code.NotFound, Code.PermissionDenied, Code.InvalidArgument)) {
      return <ContractNotFound companyId={companyId} />;
    }
    return <NonIdealState icon="error" title={VIEW_TEXTS.loadFailed} />;
  }
  const current = contract.data;
  if (!current || current.companyId !== companyId) {
    return <ContractNotFound companyId={companyId} />;
  }

  const t = VIEW_TEXTS.tabs;
  return (
    <section className="eris-beta-page" aria-labelledby="beta-view-title">
      <div className="eris-toolbar">
        <H4 id="beta-view-title" className="eris-beta-title">
          {VIEW_TEXTS.title}
        </H4>
        <span className="eris-spacer" />
        <Link to={`/LeadTabs/${companyId}/contractsBETA`}>{FORM_TEXTS.back}</Link>
      </div>
      <div className="eris-beta-grid">
        <TextInputField
          id="beta-view-lead"
          label={FIELD_LABELS.lead}
          readOnly
          value={company.data?.name ?? current.companyName}
          onChange={() => {}}
        />
      </div>
      <p data-testid="contract-heading">
        {VIEW_TEXTS.heading(
          commodityLabel(current.commodity),
          statusLabel(current.status),
          formatDate(current.dateSigned),
        )}
      </p>
      <Tabs
        id="beta-contract-tabs"
        selectedTabId={tab}
        renderActiveTabPanelOnly
        onChange={(next) => url.update(tabChanges(url.params, TAB_PARAM, String(next), DEFAULT_TAB))}
      >
        <Tab
          id="info"
          title={t.info}
          panel={
            <InfoTab key={`${current.contractId}:${saves}`} contract={current} canEdit={canEdit} onSaved={saved} />
          }
        />
        <Tab id="hedge" title={t.hedge} panel={<HedgesPanel contract={current} canEdit={canEdit} />} />
        <Tab id="payments" title={t.payments} panel={<BetaPaymentsPanel contract={current} canEdit={canEdit} />} />
        <Tab
          id="accounts"
          title={t.accounts}
          panel={
            <AccountsTab key={`${current.contractId}:${saves}`} contract={current} canEdit={canEdit} onSaved={saved} />
          }
        />
      </Tabs>
    </section>
  );
}

interface TabProps {
  contract: Contract;
  canEdit: boolean;
  /** After a save: the tab starts again from the contract as saved. */
  onSaved: () => void;
}

/**
 * The Info tab: the contract's fields, saved with Submit Changes. Only the changed fields are sent,
 * with the version read; when someone else changed one of them meanwhile, what was typed stays, the
 * fields not touched show what is stored now, and the notes under the fields say what changed.
 */
function InfoTab({ contract, canEdit, onSaved }: TabProps) {
  const updateContract = useUpdateContract();
  const fetchContract = useFetchContract();
  const accounts = useContractAccounts(contract.companyId);
  const form = useRecordForm<Contract, InfoFields>(
    contract,
    infoFieldsOf,
    () => infoFieldsOf(contract),
    INFO_MASK_PATHS,
  );
  const { fields, set, theirs, changes } = form;
  const datesValid = isDateTextValid(fields.dateSigned) && isDateTextValid(fields.startDate);
  const changed = changes !== null && changes.paths.length > 0;
  const canSave = canEdit && changed && datesValid && !form.saving;
  const chosen = useMemo(
    () => chosenAccounts(accounts.data, idsText(contract.accountIds)),
    [accounts.data, contract.accountIds],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) {
      return;
    }
    await form.save({
      create: () => Promise.reject(new Error("The Info tab only updates")),
      update: (read, changes) => updateContract.mutateAsync(contractUpdate(read, changes)),
      reload: (read) => fetchContract(read.contractId),
      texts: {
        updated: VIEW_TEXTS.updated,
        addFailed: FORM_TEXTS.failed,
        updateFailed: FORM_TEXTS.failed,
        loadFailed: FORM_TEXTS.failed,
      },
      onSaved,
    });
  }

  const readOnly = !canEdit;
  const setField = (key: SectionKey, value: string) => set(key, value);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={VIEW_TEXTS.tabs.info}>
      <FormNotice notice={form.notice} />
      <Card className="eris-beta-card" compact>
        <div className="eris-beta-grid">
          <TextInputField
            id="beta-info-commodity"
            label={FIELD_LABELS.commodity}
            readOnly
            value={commodityLabel(fields.commodity)}
            onChange={() => {}}
          />
          <TextInputField
            id="beta-info-endDate"
            label={FIELD_LABELS.endDate}
            readOnly
            value={formatDate(form.current?.endDate)}
            onChange={() => {}}
          />
        </div>
      </Card>
      <ContractInfoSection
        idPrefix="beta-info"
        fields={fields}
        setField={setField}
        theirs={theirs}
        readOnly={readOnly}
        selectedAccounts={chosen}
      />
      <AssignmentsSection
        idPrefix="beta-info"
        fields={fields}
        setField={setField}
        theirs={theirs}
        readOnly={readOnly}
      />
      {form.refusal && <ErrorList messages={refusalLines(form.refusal)} />}
      {canEdit && (
        <div className="eris-toolbar">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={BETA_CONTRACT_TEXTS.submitChanges}
            disabled={!canSave}
            loading={form.saving}
          />
        </div>
      )}
    </form>
  );
}

/**
 * The Accounts tab: the company's accounts of the contract's commodity (Electric for DR), the
 * contract's selected, and Update, which replaces the contract's accounts with the selection. Update
 * is disabled while none is selected, and for contracts not made in beta.
 */
function AccountsTab({ contract, canEdit, onSaved }: TabProps) {
  const updateContract = useUpdateContract();
  const fetchContract = useFetchContract();
  const accounts = useContractAccounts(contract.companyId);
  const form = useRecordForm<Contract, { accountIds: string }>(
    contract,
    (c) => ({ accountIds: idsText(c.accountIds) }),
    () => ({ accountIds: idsText(contract.accountIds) }),
    ACCOUNTS_MASK_PATHS,
  );
  const offered = useMemo(
    () => accountsForCommodity(accounts.data, contract.commodity),
    [accounts.data, contract.commodity],
  );
  const selected = idsOf(form.fields.accountIds);
  const canUpdate = canEdit && contract.beta && selected.length > 0 && !form.saving;

  async function update() {
    await form.save({
      create: () => Promise.reject(new Error("The Accounts tab only updates")),
      // The selection as shown replaces the contract's accounts, changed or not.
      update: (read) =>
        updateContract.mutateAsync({
          contract: { contractId: read.contractId, version: read.version, accountIds: selected },
          paths: [ACCOUNTS_MASK_PATHS.accountIds],
        }),
      reload: (read) => fetchContract(read.contractId),
      texts: {
        updated: VIEW_TEXTS.accountsUpdated,
        addFailed: FORM_TEXTS.failed,
        updateFailed: FORM_TEXTS.failed,
        loadFailed: FORM_TEXTS.failed,
      },
      onSaved,
    });
  }

  return (
    <Card className="eris-beta-card" compact>
      <H5>{FORM_TEXTS.accounts}</H5>
      <FormNotice notice={form.notice} />
      <ContractAccountsTable
        accounts={offered}
        selected={selected}
        onChange={(ids) => form.set("accountIds", idsText(ids))}
        loading={accounts.isPending}
        commodityChosen
        readOnly={!canEdit}
      />
      {form.refusal && <ErrorList messages={refusalLines(form.refusal)} />}
      {canEdit && (
        <div className="eris-toolbar">
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            text={VIEW_TEXTS.accountsUpdate}
            disabled={!canUpdate}
            loading={form.saving}
            onClick={() => void update()}
          />
          {!contract.beta && (
            <Callout intent={Intent.PRIMARY} icon="info-sign" className="eris-beta-note">
              {VIEW_TEXTS.notBeta}
            </Callout>
          )}
        </div>
      )}
    </Card>
  );
}
