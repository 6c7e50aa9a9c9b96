import { useEffect, useState } from "react";

import {
  Button,
  Checkbox,
  Classes,
  DialogBody,
  DialogFooter,
  H6,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";

import { ModalDialog } from "../../components/FormDialogParts";
import { toast } from "../../lib/toaster";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import type { CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import { useAllCallBankCompanies, useSetCallBankCompanies } from "./callBankQueries";
import { CALL_BANK_DIALOG_WIDTH } from "./CallBankDialog";
import { useCompanySearchPage } from "./companyQueries";
import { Pager } from "./Pager";
import { usePageTokens } from "./pageTokens";
import { CALL_BANK_TEXTS } from "./texts";

/** Companies per page in the Assign Companies search. */
export const ASSIGN_PAGE_SIZE = 20;

export interface AssignCompaniesDialogProps {
  callBank: CallBank;
  onClose: () => void;
}

interface Chosen {
  companyId: bigint;
  name: string;
}

/** Assign Companies: search companies by name, tick them, and save the call bank's whole list. */
export function AssignCompaniesDialog({ callBank, onClose }: AssignCompaniesDialogProps) {
  const current = useAllCallBankCompanies(callBank.callBankId);
  const setCompanies = useSetCallBankCompanies();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search, 300);
  const paging = usePageTokens(query);
  const results = useCompanySearchPage(query, paging.token, ASSIGN_PAGE_SIZE);
  const [chosen, setChosen] = useState<Chosen[] | null>(null);

  // The current companies are the selection until something is ticked or removed.
  const loaded = current.data
    ? current.data.map((e) => ({ companyId: e.companyId, name: e.company?.name ?? String(e.companyId) }))
    : null;

  useEffect(() => {
    if (current.isError) {
      void toast.error(CALL_BANK_TEXTS.loadCompaniesFailed);
    }
  }, [current.isError]);

  const selection = chosen ?? loaded;
  const selected = selection ?? [];
  const isChosen = (companyId: bigint) => selected.some((c) => c.companyId === companyId);
  const pageCompanies = results.data?.companies ?? [];
  const allOnPage = pageCompanies.length > 0 && pageCompanies.every((c) => isChosen(c.companyId));
  const someOnPage = pageCompanies.some((c) => isChosen(c.companyId));

  function toggle(companyId: bigint, name: string, on: boolean) {
    setChosen((prev) => {
      const list = prev ?? loaded ?? [];
      if (on) {
        return list.some((c) => c.companyId === companyId) ? list : [...list, { companyId, name }];
      }
      return list.filter((c) => c.companyId !== companyId);
    });
  }

  function togglePage(on: boolean) {
    pageCompanies.forEach((c) => toggle(c.companyId, c.name, on));
  }

  async function save() {
    try {
      await setCompanies.mutateAsync({ callBankId: callBank.callBankId, companyIds: selected.map((c) => c.companyId) });
      void toast.success(CALL_BANK_TEXTS.callBankUpdated);
      onClose();
    } catch {
      void toast.error(CALL_BANK_TEXTS.companiesUpdateFailed);
    }
  }

  const busy = setCompanies.isPending;
  return (
    <ModalDialog
      isOpen
      title={`${CALL_BANK_TEXTS.assignCompanies}: ${callBank.name}`}
      icon="office"
      style={{ width: CALL_BANK_DIALOG_WIDTH, maxWidth: "calc(100vw - 40px)" }}
      canOutsideClickClose={!busy}
      onClose={onClose}
    >
      <DialogBody>
        <div className="eris-assign-columns">
          <section aria-label={CALL_BANK_TEXTS.searchResults}>
            <InputGroup
              type="search"
              leftIcon="search"
              autoFocus
              placeholder={CALL_BANK_TEXTS.searchCompanies}
              aria-label={CALL_BANK_TEXTS.searchCompanies}
              value={search}
              onValueChange={setSearch}
            />
            <Checkbox
              className="eris-form-note"
              style={{ marginTop: 10 }}
              label={CALL_BANK_TEXTS.selectPage}
              checked={allOnPage}
              indeterminate={someOnPage && !allOnPage}
              disabled={pageCompanies.length === 0 || selection === null}
              onChange={(e) => togglePage(e.currentTarget.checked)}
            />
            <div className="eris-assign-list">
              {results.isPending ? (
                <Spinner size={30} />
              ) : pageCompanies.length === 0 ? (
                <NonIdealState icon="search" title={CALL_BANK_TEXTS.noCompaniesFound} />
              ) : (
                <HTMLTable compact striped className="eris-table" aria-label={CALL_BANK_TEXTS.searchResults}>
                  <tbody>
                    {pageCompanies.map((company) => (
                      <tr key={String(company.companyId)}>
                        <td>
                          <Checkbox
                            style={{ margin: 0 }}
                            checked={isChosen(company.companyId)}
                            disabled={selection === null}
                            label={company.name}
                            onChange={(e) => toggle(company.companyId, company.name, e.currentTarget.checked)}
                          />
                        </td>
                        <td className={Classes.TEXT_MUTED}>
                          {[company.city, company.state].filter(Boolean).join(", ")}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </div>
            <Pager
              paging={paging}
              nextPageToken={results.data?.nextPageToken}
              disabled={results.isFetching}
              summary={
                results.data ? `${results.data.totalSize} ${CALL_BANK_TEXTS.companies.toLowerCase()}` : undefined
              }
            />
          </section>
          <section aria-label={CALL_BANK_TEXTS.currentCompanies}>
            <H6>
              {CALL_BANK_TEXTS.currentCompanies} ({CALL_BANK_TEXTS.selectedCount(selected.length)})
            </H6>
            <div className="eris-assign-list">
              {selection === null ? (
                <Spinner size={30} />
              ) : selected.length === 0 ? (
                <NonIdealState icon="office" title={CALL_BANK_TEXTS.noCompaniesAssigned} />
              ) : (
                <HTMLTable compact striped className="eris-table" aria-label={CALL_BANK_TEXTS.currentCompanies}>
                  <tbody>
                    {selected.map((c) => (
                      <tr key={String(c.companyId)}>
                        <td>{c.name}</td>
                        <td style={{ textAlign: "right" }}>
                          <Button
                            variant="minimal"
                            size="small"
                            icon="cross"
                            aria-label={`${CALL_BANK_TEXTS.remove} ${c.name}`}
                            onClick={() => toggle(c.companyId, c.name, false)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </div>
          </section>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={CALL_BANK_TEXTS.cancel} disabled={busy} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={CALL_BANK_TEXTS.save}
              disabled={selection === null || busy}
              loading={busy}
              onClick={() => void save()}
            />
          </>
        }
      />
    </ModalDialog>
  );
}
