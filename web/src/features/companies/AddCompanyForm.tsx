import { useState, type FormEvent } from "react";

import { create } from "@bufbuild/protobuf";
import { Button, Card, H5, Intent } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { useNavigate } from "react-router";

import { failureText } from "../../api/errors";
import { toast } from "../../lib/toaster";
import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import { AddressFields, CommodityFields, ServiceFlags, TeamFields, type CompanyFieldsProps } from "./CompanyFields";
import { companyChanges, emptyCompanyForm, formErrors, type CompanyForm } from "./companyForm";
import { companyDetailsPath } from "../../lib/companyRoutes";
import { useCreateCompany } from "./companyQueries";
import { usePeople } from "../../api/companies";
import { COMPANY_TEXTS } from "./texts";

const NOTHING_STORED = create(CompanySchema);

/** Add Companies: a new company with its address, statuses, usage and team; opens it once created. */
export function AddCompanyForm() {
  const navigate = useNavigate();
  const people = usePeople();
  const createCompany = useCreateCompany();
  const [form, setForm] = useState<CompanyForm>(emptyCompanyForm);
  const errors = formErrors(form);
  const canSave = form.name.trim() !== "" && Object.keys(errors).length === 0 && !createCompany.isPending;

  const fieldProps: CompanyFieldsProps = {
    idPrefix: "add-company",
    form,
    errors,
    readOnly: false,
    onEdit: (patch) => setForm((prev) => ({ ...prev, ...patch })),
    onCommit: () => {},
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) {
      return;
    }
    try {
      // Everything that differs from an empty company is what was filled in.
      const company = await createCompany.mutateAsync(companyChanges(NOTHING_STORED, form).fields);
      void toast.success(COMPANY_TEXTS.companyAdded);
      navigate(companyDetailsPath(company.companyId));
    } catch (err) {
      void toast.error(
        failureText(err, COMPANY_TEXTS.addFailed, Code.InvalidArgument, Code.AlreadyExists, Code.PermissionDenied),
      );
    }
  }

  return (
    <form className="eris-tab-panel eris-add-company" onSubmit={handleSubmit} noValidate>
      <div className="eris-company-column">
        <Card>
          <H5>{COMPANY_TEXTS.sections.company}</H5>
          <AddressFields {...fieldProps} />
        </Card>
        <div className="eris-commodity-grid">
          {(["electric", "gas", "dr"] as const).map((commodity) => (
            <Card key={commodity}>
              <H5>{COMPANY_TEXTS.sections[commodity]}</H5>
              <CommodityFields {...fieldProps} commodity={commodity} compact />
            </Card>
          ))}
        </div>
        <Card>
          <H5>{COMPANY_TEXTS.sections.services}</H5>
          <ServiceFlags {...fieldProps} />
        </Card>
        <Card>
          <H5>{COMPANY_TEXTS.sections.team}</H5>
          <TeamFields {...fieldProps} activeUsers={people.active} nameOf={people.nameOf} />
        </Card>
        <div>
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="add"
            text={COMPANY_TEXTS.addCompany}
            disabled={!canSave}
            loading={createCompany.isPending}
          />
        </div>
      </div>
    </form>
  );
}
