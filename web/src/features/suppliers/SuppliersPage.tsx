import { useMemo, useState } from "react";

import { Button, ButtonGroup, Classes, H3, HTMLTable, InputGroup, Intent, Switch, Tag } from "@blueprintjs/core";

import { useSuppliers } from "../../api/suppliers";
import { useSourcingAccess } from "../../app/sourcingAccess";
import { ClientPager } from "../../components/ClientPager";
import { CommodityFilter } from "../../components/CommodityFilter";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListStatus, RefreshButton } from "../../components/ListStatus";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { slicePage, urlPage } from "../../lib/clientPaging";
import { commodityFromLabel, commodityLabel } from "../../lib/commodity";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { SupplierContactsDialog } from "./SupplierContactsDialog";
import { SupplierDialog } from "./SupplierDialog";
import { filterSuppliers, SUPPLIER_COMMODITIES } from "./supplierForm";
import { useDeleteSupplier } from "./supplierQueries";
import { SUPPLIER_TEXTS } from "./texts";

import "../../components/directory.css";

/** The address's params: commodity filter, search text, archived shown, page. */
const P = { commodity: "commodity", search: "q", archived: "archived", page: "page" } as const;

type DialogState =
  | { kind: "closed" }
  | { kind: "add" }
  | { kind: "edit"; supplier: Supplier }
  | { kind: "contacts"; supplier: Supplier };

/**
 * /Suppliers: every supplier (read once, filtered and paged here), with a commodity filter, a search
 * and Show archived, all kept in the address. Management and Admin add, edit and delete (archive)
 * suppliers and their contacts; Customer Care reads the contacts; Sales see the list only.
 */
export function SuppliersPage() {
  const { canChange, canSeeDetails } = useSourcingAccess();
  const suppliers = useSuppliers();
  const deleteSupplier = useDeleteSupplier();
  const url = useUrlParams();
  const commodity = commodityFromLabel(url.params.get(P.commodity), SUPPLIER_COMMODITIES);
  const [search, setSearch] = useUrlText(url, P.search, { resets: [P.page] });
  const showArchived = url.params.get(P.archived) === "1";
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<Supplier | null>(null);

  useLoadErrorToast(suppliers, SUPPLIER_TEXTS.loadFailed);

  const rows = useMemo(
    () => filterSuppliers(suppliers.data ?? [], { commodity, search, showArchived }),
    [suppliers.data, commodity, search, showArchived],
  );
  const [page, setPage] = urlPage(url, P.page);
  const slice = slicePage(rows, page);

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteSupplier.mutateAsync(deleting.supplierId);
    } catch {
      void toast.error(SUPPLIER_TEXTS.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  const hasActions = canChange || canSeeDetails;
  const c = SUPPLIER_TEXTS.columns;
  return (
    <div className="eris-page">
      <H3>{SUPPLIER_TEXTS.title}</H3>
      <div className="eris-toolbar eris-directory-toolbar">
        {canChange && (
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            text={SUPPLIER_TEXTS.addSupplier}
            onClick={() => setDialog({ kind: "add" })}
          />
        )}
        <CommodityFilter
          ariaLabel={SUPPLIER_TEXTS.commodityFilter}
          commodities={SUPPLIER_COMMODITIES}
          value={commodity}
          onChange={(label) => url.update({ [P.commodity]: label, [P.page]: null })}
        />
        <InputGroup
          type="search"
          leftIcon="search"
          className="eris-directory-search"
          placeholder={SUPPLIER_TEXTS.searchPlaceholder}
          aria-label={SUPPLIER_TEXTS.search}
          value={search}
          onValueChange={setSearch}
        />
        <Switch
          className="eris-directory-switch"
          label={SUPPLIER_TEXTS.showArchived}
          checked={showArchived}
          onChange={(e) => url.update({ [P.archived]: e.currentTarget.checked ? "1" : null, [P.page]: null })}
        />
        <span className="eris-spacer" />
        <RefreshButton query={suppliers} text={SUPPLIER_TEXTS.refresh} />
      </div>
      <ListStatus
        query={suppliers}
        loadFailed={SUPPLIER_TEXTS.loadFailed}
        retryText={SUPPLIER_TEXTS.refresh}
        empty={rows.length === 0}
        emptyIcon="shop"
        emptyTitle={(suppliers.data ?? []).length === 0 ? SUPPLIER_TEXTS.noSuppliers : SUPPLIER_TEXTS.noMatches}
      >
        <div className="eris-table-wrap">
          <HTMLTable striped compact className="eris-table eris-directory-table" aria-label={SUPPLIER_TEXTS.suppliers}>
            <thead>
              <tr>
                <th>{c.name}</th>
                <th>{c.commodity}</th>
                <th>{c.brokerAgreementStatus}</th>
                {hasActions && <th>{c.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {slice.rows.map((supplier) => (
                <tr
                  key={String(supplier.supplierId)}
                  data-supplier-id={String(supplier.supplierId)}
                  className={supplier.archived ? Classes.TEXT_MUTED : undefined}
                >
                  <td>
                    {supplier.name}
                    {supplier.archived && (
                      <Tag minimal className="eris-archived-tag">
                        {SUPPLIER_TEXTS.archived}
                      </Tag>
                    )}
                  </td>
                  <td>{commodityLabel(supplier.commodity)}</td>
                  <td>{supplier.brokerAgreementStatus}</td>
                  {hasActions && (
                    <td className="eris-actions-cell">
                      <ButtonGroup variant="minimal">
                        {canChange && !supplier.archived && (
                          <Button
                            size="small"
                            icon="edit"
                            text={SUPPLIER_TEXTS.edit}
                            onClick={() => setDialog({ kind: "edit", supplier })}
                          />
                        )}
                        {canSeeDetails && (
                          <Button
                            size="small"
                            icon="people"
                            text={SUPPLIER_TEXTS.contacts}
                            onClick={() => setDialog({ kind: "contacts", supplier })}
                          />
                        )}
                        {canChange && !supplier.archived && (
                          <Button
                            size="small"
                            icon="trash"
                            intent={Intent.DANGER}
                            text={SUPPLIER_TEXTS.delete}
                            onClick={() => setDeleting(supplier)}
                          />
                        )}
                      </ButtonGroup>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <ClientPager slice={slice} label={SUPPLIER_TEXTS.suppliers} onPage={setPage} />
      </ListStatus>
      {(dialog.kind === "add" || dialog.kind === "edit") && (
        <SupplierDialog
          key={dialog.kind === "edit" ? String(dialog.supplier.supplierId) : "new"}
          supplier={dialog.kind === "edit" ? dialog.supplier : undefined}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
      {dialog.kind === "contacts" && (
        <SupplierContactsDialog
          supplier={dialog.supplier}
          // An archived supplier's contacts are kept as they were.
          canChange={canChange && !dialog.supplier.archived}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={SUPPLIER_TEXTS.delete}
        loading={deleteSupplier.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{SUPPLIER_TEXTS.deleteConfirm}</p>
        <p className={Classes.TEXT_MUTED}>{SUPPLIER_TEXTS.deleteExplain}</p>
      </ConfirmDialog>
    </div>
  );
}
