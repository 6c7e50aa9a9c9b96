import { useState } from "react";

import {
  Button,
  Checkbox,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toast } from "../../lib/toaster";
import { useUrlPageTokens, useUrlText, type UrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { UserOptions } from "../../components/UserOptions";
import { TeamRole, type Company } from "../../gen/eris/crm/v1/crm_pb";
import { Pager, useCompanySearchPage } from "../callbanks";
import { useUserDirectory } from "../../api/userDirectory";
import { buildAssignments, MASS_UPDATE_ROLES, NO_CHANGE, noChanges, RESET, type MassUpdateChoices } from "./massUpdate";
import { ADMIN_TEXTS } from "./texts";

/** Companies per page on the mass update tab. */
export const MASS_UPDATE_PAGE_SIZE = 50;

const T = ADMIN_TEXTS.massUpdate;

const ROLE_LABELS: Record<(typeof MASS_UPDATE_ROLES)[number], string> = {
  [TeamRole.ADMIN]: T.roles.admin,
  [TeamRole.CLOSER]: T.roles.closer,
  [TeamRole.ANALYST]: T.roles.analyst,
  [TeamRole.INSIDE]: T.roles.inside,
};

export interface CompaniesTabProps {
  /** The page's address, which keeps the search (?q=) and the page (?pt=). */
  url: UrlParams;
}

/**
 * Admin > Companies: tick companies and set or clear their Admin, Closer, Analyst and Inside in one
 * go, after confirming how many companies will change.
 */
export function CompaniesTab({ url }: CompaniesTabProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const directory = useUserDirectory();
  const [search, setSearch] = useUrlText(url, "q", { resets: ["pt"] });
  const query = useDebouncedValue(url.params.get("q") ?? "", 300);
  const paging = useUrlPageTokens(url, "pt");
  const page = useCompanySearchPage(query, paging.token, MASS_UPDATE_PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlyMap<bigint, string>>(new Map());
  const [choices, setChoices] = useState<MassUpdateChoices>(noChanges);
  const [confirming, setConfirming] = useState(false);
  const assignTeams = useMutation({
    mutationFn: (req: { companyIds: bigint[]; assignments: { role: TeamRole; userId: bigint }[] }) =>
      api.companies.assignTeams(req),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["companies"] }),
  });

  useLoadErrorToast(page, T.loadFailed);

  const companies = page.data?.companies ?? [];
  const allOnPage = companies.length > 0 && companies.every((c) => selected.has(c.companyId));
  const someOnPage = companies.some((c) => selected.has(c.companyId));
  const assignments = buildAssignments(choices);
  const canUpdate = selected.size > 0 && assignments.length > 0 && !assignTeams.isPending;

  function toggle(list: readonly Company[], on: boolean) {
    setSelected((prev) => {
      const next = new Map(prev);
      list.forEach((c) => (on ? next.set(c.companyId, c.name) : next.delete(c.companyId)));
      return next;
    });
  }

  async function update() {
    try {
      await assignTeams.mutateAsync({ companyIds: [...selected.keys()], assignments });
      void toast.success(T.updated);
      setChoices(noChanges());
    } catch {
      void toast.error(T.updateFailed);
    } finally {
      setConfirming(false);
    }
  }

  /** What the update sets, role by role, for the confirmation. */
  const summary = MASS_UPDATE_ROLES.filter((role) => choices[role] !== NO_CHANGE).map((role) => ({
    role: ROLE_LABELS[role],
    to: choices[role] === RESET ? T.reset : directory.nameOf(BigInt(choices[role])),
  }));

  const c = T.columns;
  return (
    <div className="eris-tab-panel">
      <div className="eris-toolbar" style={{ flexWrap: "wrap" }}>
        {MASS_UPDATE_ROLES.map((role) => (
          <FormGroup
            key={role}
            inline
            label={ROLE_LABELS[role]}
            labelFor={`mass-update-${role}`}
            style={{ margin: "0 8px 0 0" }}
          >
            <HTMLSelect
              id={`mass-update-${role}`}
              value={choices[role]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setChoices((prev) => ({ ...prev, [role]: value }));
              }}
            >
              <option value={NO_CHANGE}>{T.noChange}</option>
              <UserOptions users={directory.active} />
              <option value={RESET}>{T.reset}</option>
            </HTMLSelect>
          </FormGroup>
        ))}
        <Button
          intent={Intent.PRIMARY}
          icon="people"
          text={T.update}
          disabled={!canUpdate}
          loading={assignTeams.isPending}
          onClick={() => setConfirming(true)}
        />
        <span>{T.selectedCount(selected.size)}</span>
        {selected.size > 0 && (
          <Button variant="minimal" size="small" text={T.clearSelection} onClick={() => setSelected(new Map())} />
        )}
      </div>
      <div className="eris-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={T.search}
          aria-label={T.search}
          value={search}
          onValueChange={setSearch}
          style={{ minWidth: 320 }}
        />
      </div>
      {page.isPending ? (
        <Spinner />
      ) : companies.length === 0 ? (
        <NonIdealState icon="office" title={T.noCompanies} />
      ) : (
        <>
          <HTMLTable striped compact className="eris-table" aria-label={ADMIN_TEXTS.companiesTab}>
            <thead>
              <tr>
                <th>
                  <Checkbox
                    style={{ margin: 0 }}
                    aria-label={T.selectPage}
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    onChange={(e) => toggle(companies, e.currentTarget.checked)}
                  />
                </th>
                <th>{c.name}</th>
                <th>{c.city}</th>
                <th>{c.state}</th>
                <th>{c.admin}</th>
                <th>{c.closer}</th>
                <th>{c.analyst}</th>
                <th>{c.inside}</th>
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <tr key={String(company.companyId)} data-company-id={String(company.companyId)}>
                  <td>
                    <Checkbox
                      style={{ margin: 0 }}
                      aria-label={T.selectCompany(company.name)}
                      checked={selected.has(company.companyId)}
                      onChange={(e) => toggle([company], e.currentTarget.checked)}
                    />
                  </td>
                  <td>{company.name}</td>
                  <td>{company.city}</td>
                  <td>{company.state}</td>
                  <td>{directory.nameOf(company.adminUserId)}</td>
                  <td>{directory.nameOf(company.closerUserId)}</td>
                  <td>{directory.nameOf(company.analystUserId)}</td>
                  <td>{directory.nameOf(company.insideUserId)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager
            paging={paging}
            nextPageToken={page.data?.nextPageToken}
            disabled={page.isFetching}
            summary={page.data ? `${page.data.totalSize} ${ADMIN_TEXTS.companiesTab.toLowerCase()}` : undefined}
          />
        </>
      )}
      <ConfirmDialog
        isOpen={confirming}
        icon="people"
        intent={Intent.PRIMARY}
        confirmText={T.confirmChange}
        loading={assignTeams.isPending}
        onConfirm={() => void update()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <strong>{T.confirm(selected.size)}</strong>
        </p>
        <ul>
          {summary.map(({ role, to }) => (
            <li key={role}>{T.setsRole(role, to)}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
