import { useEffect, useMemo, useRef, useState, type FormEvent, type Ref } from "react";

import { Button, Callout, Card, H4, H5, Intent, NonIdealState } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { Link, useNavigate, useParams } from "react-router";

import { hasCode, serverMessage } from "../../api/errors";
import { commodityLabel } from "../../lib/commodity";
import { toast } from "../../lib/toaster";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { useCompany } from "../../api/companies";
import { parseCompanyId } from "../../lib/companyRoutes";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { BETA_CONTRACT_TEXTS, FIELD_LABELS, FORM_TEXTS, VIEW_TEXTS } from "./betaTexts";
import { idsOf, idsText } from "../../lib/recordForm";
import {
  accountsForCommodity,
  BETA_COMMODITIES,
  betaContractInit,
  emptyBetaFields,
  withCommodity,
  type BetaContractFields,
} from "./betaForm";
import { chosenAccounts } from "../../lib/records/contractChoices";
import { SelectField, TextInputField } from "./BetaFields";
import { useContractAccounts, useCreateBetaContract } from "./betaQueries";
import { betaContractErrors, refusalLines } from "./betaValidation";
import { ContractAccountsTable } from "./ContractAccountsTable";
import { AssignmentsSection, ContractInfoSection, type SectionKey } from "./ContractFormSections";

import "./betaContracts.css";

const COMMODITY_CHOICES = BETA_COMMODITIES.map((c) => ({ value: String(c), label: commodityLabel(c) }));

/** The address of a contract's View Contract page. */
export function viewContractPath(companyId: bigint, contractId: bigint): string {
  return `/LeadTabs/${companyId}/contractsBETA/view/${contractId}`;
}

/** /LeadTabs/:leadId/contractsBETA/add: the beta Add Contract form. */
export function AddBetaContract() {
  const companyId = parseCompanyId(useParams().leadId);
  // The tab layout shows "not found" for an id that cannot be one.
  return companyId === null ? null : <AddContractForm key={String(companyId)} companyId={companyId} />;
}

interface AddContractFormProps {
  companyId: bigint;
}

/**
 * The lead (read only), the commodity, the contract's info for that commodity, its assignments and
 * the accounts it covers. Submitting checks every rule of the form at once and shows every message
 * together; the server checks them again, and its messages show in the same list. What was typed
 * stays when a submit fails; a new contract opens on its View Contract page.
 */
function AddContractForm({ companyId }: AddContractFormProps) {
  const navigate = useNavigate();
  const { isSales } = useSessionUser();
  const company = useCompany(companyId);
  const accounts = useContractAccounts(companyId);
  const createContract = useCreateBetaContract();
  const [fields, setFields] = useState<BetaContractFields>(emptyBetaFields);
  const [errors, setErrors] = useState<string[]>([]);
  // Each refused submit moves the focus to the messages, so that keyboard and screen reader users hear them.
  const [refusals, setRefusals] = useState(0);
  const errorsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refusals > 0) {
      errorsRef.current?.focus();
    }
  }, [refusals]);

  const offered = useMemo(
    () => accountsForCommodity(accounts.data, fields.commodity),
    [accounts.data, fields.commodity],
  );
  const selected = useMemo(() => chosenAccounts(offered, fields.accountIds), [offered, fields.accountIds]);
  const listPath = `/LeadTabs/${companyId}/contractsBETA`;

  if (isSales) {
    return (
      <NonIdealState icon="lock" title={VIEW_TEXTS.readOnly} action={<Link to={listPath}>{FORM_TEXTS.back}</Link>} />
    );
  }

  const setField = (key: SectionKey, value: string) => setFields((prev) => ({ ...prev, [key]: value }));
  const refuse = (messages: string[]) => {
    setErrors(messages);
    setRefusals((n) => n + 1);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (createContract.isPending) {
      return;
    }
    const found = betaContractErrors(fields);
    if (found.length > 0) {
      refuse(found);
      return;
    }
    setErrors([]);
    try {
      const contract = await createContract.mutateAsync(betaContractInit(companyId, fields));
      void toast.success(FORM_TEXTS.created);
      navigate(viewContractPath(companyId, contract.contractId));
    } catch (err) {
      if (hasCode(err, Code.InvalidArgument)) {
        refuse(refusalLines(serverMessage(err)));
      } else {
        void toast.error(FORM_TEXTS.failed);
      }
    }
  }

  return (
    <form className="eris-beta-page" onSubmit={(event) => void submit(event)} noValidate>
      <div className="eris-toolbar">
        <H4 className="eris-beta-title">{FORM_TEXTS.addTitle}</H4>
        <span className="eris-spacer" />
        <Link to={listPath}>{FORM_TEXTS.back}</Link>
      </div>
      <Card className="eris-beta-card" compact>
        <div className="eris-beta-grid">
          <TextInputField
            id="beta-add-lead"
            label={FIELD_LABELS.lead}
            readOnly
            value={company.data?.name ?? ""}
            onChange={() => {}}
          />
          <SelectField
            id="beta-add-commodity"
            label={FIELD_LABELS.commodity}
            blankLabel={FORM_TEXTS.choose}
            choices={COMMODITY_CHOICES}
            value={fields.commodity === Commodity.UNSPECIFIED ? "" : String(fields.commodity)}
            onChange={(value) =>
              setFields((prev) =>
                withCommodity(prev, value === "" ? Commodity.UNSPECIFIED : (Number(value) as Commodity)),
              )
            }
          />
        </div>
      </Card>
      <ContractInfoSection
        idPrefix="beta-add"
        fields={fields}
        setField={setField}
        readOnly={false}
        selectedAccounts={selected}
      />
      <AssignmentsSection idPrefix="beta-add" fields={fields} setField={setField} readOnly={false} />
      <Card className="eris-beta-card" compact>
        <H5>{FORM_TEXTS.accounts}</H5>
        <ContractAccountsTable
          accounts={offered}
          selected={idsOf(fields.accountIds)}
          onChange={(ids) => setFields((prev) => ({ ...prev, accountIds: idsText(ids) }))}
          loading={accounts.isPending}
          commodityChosen={BETA_COMMODITIES.includes(fields.commodity)}
          readOnly={false}
        />
      </Card>
      {errors.length > 0 && <ErrorList ref={errorsRef} messages={errors} />}
      <div className="eris-toolbar">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={BETA_CONTRACT_TEXTS.submit}
          loading={createContract.isPending}
        />
      </div>
    </form>
  );
}

export interface ErrorListProps {
  messages: readonly string[];
  ref?: Ref<HTMLDivElement>;
}

/** The form's messages together, under the spec's heading; announced when they appear. */
export function ErrorList({ messages, ref }: ErrorListProps) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="eris-beta-errors"
      aria-label={BETA_CONTRACT_TEXTS.errorsHeading}
    >
      <Callout intent={Intent.DANGER} title={BETA_CONTRACT_TEXTS.errorsHeading}>
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </Callout>
    </div>
  );
}
