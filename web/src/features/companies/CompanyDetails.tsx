import { useCallback, useState } from "react";

import { Button, FormGroup, HTMLSelect, Section, SectionCard, Tag } from "@blueprintjs/core";

import { useAffiliates, usePeople } from "../../api/companies";
import { useSessionUser } from "../../app/auth/useSessionUser";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import { CompanyTasksPanel } from "../tasks";
import { AddAffiliateDialog } from "./AddAffiliateDialog";
import { useDetailsAutosave } from "./autosaveHooks";
import { AutosaveLeaveGuard } from "./AutosaveLeaveGuard";
import { AutosaveStatusBar } from "./AutosaveStatusBar";
import { unsavedFields } from "./companyAutosave";
import {
  AddressFields,
  COMMODITY_TITLES,
  CommodityFields,
  fieldFeedback,
  ServiceFlags,
  TeamFields,
  type CompanyFieldsProps,
  type EditTiming,
} from "./CompanyFields";
import { companyTotal, editErrors, formOf, type CompanyForm, type CompanyFormKey } from "./companyForm";
import { HistoryPanel } from "./HistoryPanel";
import { NotesPanel } from "./NotesPanel";
import { COMPANY_TEXTS } from "./texts";

export interface CompanyDetailsProps {
  company: Company;
}

/**
 * Company Details: every field saves itself as it is edited (Sales only read), with the Tasks,
 * Notes and History panels beside the form. Each field says when its save did not go through,
 * was refused or met someone else's change; leaving with unsaved edits asks first.
 */
export function CompanyDetails({ company }: CompanyDetailsProps) {
  const { isSales, isManagement } = useSessionUser();
  const readOnly = isSales;
  return readOnly ? (
    <DetailsLayout
      company={company}
      fieldProps={{ idPrefix: "company", form: formOf(company), errors: {}, readOnly, onEdit, onCommit }}
      canAddAffiliate={false}
    />
  ) : (
    <EditableDetails company={company} canAddAffiliate={isManagement} />
  );
}

const onEdit = () => {};
const onCommit = () => {};

interface EditableDetailsProps {
  company: Company;
  canAddAffiliate: boolean;
}

function EditableDetails({ company, canAddAffiliate }: EditableDetailsProps) {
  const { saver, snapshot } = useDetailsAutosave(company);
  const { form } = snapshot;
  const errors = editErrors(form);
  const flush = useCallback(() => saver.flush(), [saver]);
  // Someone is leaving: send everything that can go, the saves waiting for a retry included.
  const sendAll = useCallback(() => {
    saver.flush();
    saver.retry();
  }, [saver]);

  const fieldProps: CompanyFieldsProps = {
    idPrefix: "company",
    form,
    errors,
    readOnly: false,
    onEdit: (patch: Partial<CompanyForm>, when: EditTiming) => saver.edit(patch, when),
    onCommit: flush,
    autosave: {
      notes: snapshot.notes,
      onUseMine: (key: CompanyFormKey) => saver.useMine(key),
      onKeepTheirs: (key: CompanyFormKey) => saver.keepTheirs(key),
    },
  };

  return (
    <>
      <AutosaveLeaveGuard unsaved={unsavedFields(snapshot).length > 0} onLeaving={sendAll} />
      <DetailsLayout
        company={snapshot.company}
        fieldProps={fieldProps}
        canAddAffiliate={canAddAffiliate}
        status={
          <AutosaveStatusBar
            snapshot={snapshot}
            invalidCount={Object.keys(errors).length}
            onRetry={() => saver.retry()}
          />
        }
      />
    </>
  );
}

interface DetailsLayoutProps {
  /** The company as stored (its id and name for the panels). */
  company: Company;
  fieldProps: CompanyFieldsProps;
  canAddAffiliate: boolean;
  /** The save status bar; none when read-only. */
  status?: React.ReactNode;
}

function DetailsLayout({ company, fieldProps, canAddAffiliate, status }: DetailsLayoutProps) {
  const people = usePeople();
  const { readOnly } = fieldProps;
  const companyId = company.companyId;
  return (
    <div className={readOnly ? "eris-company-details eris-company-details-readonly" : "eris-company-details"}>
      <div className="eris-company-status">
        {readOnly ? (
          <Tag minimal icon="lock">
            {COMPANY_TEXTS.readOnly}
          </Tag>
        ) : (
          status
        )}
      </div>
      <div className="eris-company-layout">
        <div className="eris-company-column">
          <Section title={COMPANY_TEXTS.sections.company} icon="office" compact>
            <SectionCard>
              <AddressFields {...fieldProps} />
              <AffiliateField {...fieldProps} canAdd={canAddAffiliate && !readOnly} />
            </SectionCard>
          </Section>
          <div className="eris-commodity-grid">
            {(["electric", "gas", "dr"] as const).map((commodity) => (
              <Section key={commodity} title={COMMODITY_TITLES[commodity]} compact>
                <SectionCard>
                  <CommodityFields {...fieldProps} commodity={commodity} total={companyTotal(company, commodity)} />
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
          <CompanyTasksPanel companyId={companyId} companyName={company.name} readOnly={readOnly} />
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
function AffiliateField(props: AffiliateFieldProps) {
  const { idPrefix, form, readOnly, onEdit, canAdd } = props;
  const affiliates = useAffiliates();
  const [adding, setAdding] = useState(false);
  const names = affiliates.data ?? [];
  const id = `${idPrefix}-affiliate`;
  return (
    <FormGroup
      label={COMPANY_TEXTS.fields.affiliate}
      labelFor={id}
      {...fieldFeedback(props, "affiliate", (value) => String(value) || COMPANY_TEXTS.none)}
    >
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
