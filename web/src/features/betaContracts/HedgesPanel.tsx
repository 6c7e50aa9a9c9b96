import { useState } from "react";

import { Button, ButtonGroup, HTMLTable, Intent, NonIdealState } from "@blueprintjs/core";

import { ClientPager } from "../../components/ClientPager";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListStatus } from "../../components/ListStatus";
import type { Contract, Hedge } from "../../gen/eris/contracts/v1/contracts_pb";
import { slicePage } from "../../lib/clientPaging";
import { formatDate } from "../../lib/dateText";
import { formatRate } from "../../lib/records/contractFormat";
import { HEDGE_CONTRACT_TYPE } from "../../lib/records/contractTexts";
import { toast } from "../../lib/toaster";
import { monthText } from "./betaDisplay";
import { useHedges, useHedgeWriters } from "./betaQueries";
import { HEDGE_TEXTS, HEDGE_VIEW_TEXTS as T } from "./betaTexts";
import { HedgeDialog } from "./HedgeDialog";

export interface HedgesPanelProps {
  contract: Contract;
  canEdit: boolean;
}

type DialogState = { kind: "closed" } | { kind: "add" } | { kind: "edit"; hedge: Hedge };

/**
 * The Hedge tab: for a contract whose type is Hedge, its hedges (read only then) with edit and
 * delete, and Add Hedge. Sales see the table without them.
 */
export function HedgesPanel({ contract, canEdit }: HedgesPanelProps) {
  const isHedge = contract.contractType === HEDGE_CONTRACT_TYPE;
  const hedges = useHedges(contract.contractId, isHedge);
  const writers = useHedgeWriters(contract.contractId);
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<Hedge | null>(null);
  const [page, setPage] = useState(1);

  if (!isHedge) {
    return <NonIdealState icon="layers" title={T.notHedge} />;
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await writers.remove.mutateAsync(deleting);
      void toast.success(T.deleted);
    } catch {
      void toast.error(T.failed);
    } finally {
      setDeleting(null);
    }
  }

  const slice = slicePage(hedges.data ?? [], page);
  const close = () => setDialog({ kind: "closed" });
  const c = T.columns;
  return (
    <div className="eris-beta-panel">
      {canEdit && (
        <div className="eris-toolbar">
          <Button intent={Intent.PRIMARY} icon="add" text={T.add} onClick={() => setDialog({ kind: "add" })} />
        </div>
      )}
      <ListStatus
        query={hedges}
        loadingLabel={T.loading}
        loadFailed={T.loadFailed}
        retryText={T.retry}
        empty={slice.total === 0}
        emptyIcon="layers"
        emptyTitle={T.noHedges}
      >
        <HTMLTable compact striped className="eris-table" aria-label={T.table}>
          <thead>
            <tr>
              {canEdit && <th scope="col">{c.actions}</th>}
              <th scope="col">{c.blockType}</th>
              <th scope="col">{c.signedDate}</th>
              <th scope="col">{c.startMonth}</th>
              <th scope="col" className="eris-numeric">
                {c.term}
              </th>
              <th scope="col" className="eris-numeric">
                {c.rate}
              </th>
              <th scope="col" className="eris-numeric">
                {c.fee}
              </th>
            </tr>
          </thead>
          <tbody>
            {slice.rows.map((hedge) => (
              <tr key={String(hedge.hedgeId)} data-hedge-id={String(hedge.hedgeId)}>
                {canEdit && (
                  <td>
                    <ButtonGroup variant="minimal" className="eris-row-actions">
                      <Button
                        size="small"
                        icon="edit"
                        aria-label={T.edit}
                        title={T.edit}
                        onClick={() => setDialog({ kind: "edit", hedge })}
                      />
                      <Button
                        size="small"
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={T.delete}
                        title={T.delete}
                        onClick={() => setDeleting(hedge)}
                      />
                    </ButtonGroup>
                  </td>
                )}
                <td>{hedge.blockType}</td>
                <td>{formatDate(hedge.signedDate)}</td>
                <td>{monthText(hedge.startMonth)}</td>
                <td className="eris-numeric">{hedge.termMonths}</td>
                <td className="eris-numeric">{formatRate(hedge.rate)}</td>
                <td className="eris-numeric">{formatRate(hedge.fee)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <ClientPager slice={slice} onPage={setPage} label={T.table} />
      </ListStatus>
      {dialog.kind === "add" && <HedgeDialog contractId={contract.contractId} onClose={close} />}
      {dialog.kind === "edit" && (
        <HedgeDialog
          key={String(dialog.hedge.hedgeId)}
          contractId={contract.contractId}
          hedge={dialog.hedge}
          onClose={close}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={T.confirmDelete}
        loading={writers.remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{HEDGE_TEXTS.deleteConfirm}</p>
        {deleting && (
          <p data-testid="hedge-delete-describes">
            {HEDGE_TEXTS.deleteDescribes(deleting.blockType, monthText(deleting.startMonth))}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
