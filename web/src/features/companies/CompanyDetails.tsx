import { useState } from "react";

import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  Icon,
  Intent,
  Section,
  SectionCard,
  Spinner,
  Tag,
} from "@blueprintjs/core";

import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import { CompanyTasksPanel } from "../tasks/CompanyTasksPanel";
import { AddAffiliateDialog } from "./AddAffiliateDialog";
import {
  AddressFields,
  COMMODITY_TITLES,
  CommodityFields,
  ServiceFlags,
  TeamFields,
  type CompanyFieldsProps,
  type EditTiming,
} from "./CompanyFields";
import { formErrors, type CompanyForm } from "./companyForm";
import { useAffiliates, usePeople } from "./companyQueries";
import type { AutosaveStatus } from "./companyAutosave";
import { HistoryPanel } from "./HistoryPanel";
import { NotesPanel } from "./NotesPanel";
import { COMPANY_TEXTS } from "./texts";
import { useCompanyAutosave } from "./useCompanyAutosave";
import { useSessionUser } from "./useSessionUser";

export interface CompanyDetailsProps {
  company: Company;
}

/**
 * Company Details: every field saves itself as it is edited (Sales only read), with the Tasks,
 * Notes and History panels beside the form.
 */
export function CompanyDetails({ company }: CompanyDetailsProps) {
  const { isSales, isManagement } = useSessionUser();
  const readOnly = isSales;
  const people = usePeople();
  const { saver, snapshot } = useCompanyAutosave(company);
  const { form } = snapshot;
  const companyId = snapshot.company.companyId;

  const fieldProps: CompanyFieldsProps = {
    idPrefix: "company",
    form,
    errors: formErrors(form),
    readOnly,
    onEdit: (patch: Partial<CompanyForm>, when: EditTiming) => {
      if (!readOnly) {
        saver.edit(patch, when);
      }
    },
    onCommit: () => {
      if (!readOnly) {
        saver.flush();
      }
    },
  };

  return (
    <div className="eris-company-details">
      <div className="eris-company-header">
        {readOnly ? (
          <Tag minimal icon="lock">
            {COMPANY_TEXTS.readOnly}
          </Tag>
        ) : (
          <SaveIndicator status={snapshot.status} />
        )}
      </div>
      <div className="eris-company-layout">
        <div className="eris-company-column">
          <Section title={COMPANY_TEXTS.sections.company} icon="office" compact>
            <SectionCard>
              <AddressFields {...fieldProps} />
              <AffiliateField {...fieldProps} canAdd={isManagement && !readOnly} />
            </SectionCard>
          </Section>
          <div className="eris-commodity-grid">
            {(["electric", "gas", "dr"] as const).map((commodity) => (
              <Section key={commodity} title={COMMODITY_TITLES[commodity]} compact>
                <SectionCard>
                  <CommodityFields {...fieldProps} commodity={commodity} />
                </SectionCard>
              </Section>
            ))}
          </div>
          <Section title={COMPANY_TEXTS.sections.services} icon="tick-circle" compact>
            <SectionCard>
              <ServiceFlags {...fieldProps} />
            </SectionCard>
          </Section>
          <Section title={COMPANY_TEXTS.sections.team} icon="people" compact>
            <SectionCard>
              <TeamFields {...fieldProps} activeUsers={people.active} nameOf={people.nameOf} />
            </SectionCard>
          </Section>
        </div>
        <div className="eris-company-column">
          {/* ---- Tasks panel (features/tasks) ---- */}
          <CompanyTasksPanel companyId={companyId} companyName={snapshot.company.name} readOnly={readOnly} />
          <NotesPanel companyId={companyId} readOnly={readOnly} />
          <HistoryPanel companyId={companyId} />
        </div>
      </div>
    </div>
  );
}

interface AffiliateFieldProps extends CompanyFieldsProps {
  canAdd: boolean;
}

/** The affiliate, chosen from the affiliate list; Management can add a new name. */
function AffiliateField({ idPrefix, form, readOnly, onEdit, canAdd }: AffiliateFieldProps) {
  const affiliates = useAffiliates();
  const [adding, setAdding] = useState(false);
  const names = affiliates.data ?? [];
  const id = `${idPrefix}-affiliate`;
  return (
    <FormGroup label={COMPANY_TEXTS.fields.affiliate} labelFor={id}>
      <div className="eris-inline-action">
        <HTMLSelect
          id={id}
          fill
          value={form.affiliate}
          disabled={readOnly}
          onChange={(e) => onEdit({ affiliate: e.currentTarget.value }, "now")}
        >
          <option value="">{COMPANY_TEXTS.none}</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          {form.affiliate !== "" && !names.includes(form.affiliate) && (
            <option value={form.affiliate}>{form.affiliate}</option>
          )}
        </HTMLSelect>
        {canAdd && <Button icon="add" text={COMPANY_TEXTS.addAffiliate} onClick={() => setAdding(true)} />}
      </div>
      {canAdd && (
        <AddAffiliateDialog
          isOpen={adding}
          onClose={() => setAdding(false)}
          onAdded={(name) => {
            setAdding(false);
            onEdit({ affiliate: name }, "now");
          }}
        />
      )}
    </FormGroup>
  );
}

interface SaveIndicatorProps {
  status: AutosaveStatus;
}

/** A quiet "Saving…" / "Saved" next to the title. */
function SaveIndicator({ status }: SaveIndicatorProps) {
  return (
    <span className={`eris-save-indicator ${Classes.TEXT_MUTED}`} role="status" aria-live="polite" data-status={status}>
      {status === "saving" && (
        <>
          <Spinner size={12} />
          {COMPANY_TEXTS.saving}
        </>
      )}
      {status === "saved" && (
        <>
          <Icon icon="tick" intent={Intent.SUCCESS} size={12} />
          {COMPANY_TEXTS.saved}
        </>
      )}
    </span>
  );
}
