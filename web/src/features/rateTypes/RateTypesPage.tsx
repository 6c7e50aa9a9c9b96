import { useState, type FormEvent } from "react";

import { Button, FormGroup, H3, HTMLTable, InputGroup, Intent } from "@blueprintjs/core";

import { hasCode, serverMessage } from "../../api/errors";
import { useRateTypes } from "../../api/rateTypes";
import { ClientPager } from "../../components/ClientPager";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormError } from "../../components/FormDialogParts";
import { ListStatus } from "../../components/ListStatus";
import type { RateType } from "../../gen/eris/sourcing/v1/rate_types_pb";
import { slicePage, urlPage } from "../../lib/clientPaging";
import { REFUSAL_CODES } from "../../lib/recordForm";
import { toast } from "../../lib/toaster";
import { useUrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { useCreateRateType, useDeleteRateType } from "./rateTypeQueries";
import { RATE_TYPE_TEXTS } from "./texts";

import "../../components/directory.css";

const PAGE_PARAM = "page";

/** /RateTypes (Management and Admin, gated in the routes): the rate types, with add and delete. */
export function RateTypesPage() {
  const rateTypes = useRateTypes();
  const createRateType = useCreateRateType();
  const deleteRateType = useDeleteRateType();
  const url = useUrlParams();
  const [name, setName] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RateType | null>(null);

  useLoadErrorToast(rateTypes, RATE_TYPE_TEXTS.loadFailed);

  const [page, setPage] = urlPage(url, PAGE_PARAM);
  const slice = slicePage(rateTypes.data ?? [], page);
  const canAdd = name.trim() !== "" && !createRateType.isPending;

  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) {
      return;
    }
    setRefusal(null);
    try {
      await createRateType.mutateAsync(name.trim());
      void toast.success(RATE_TYPE_TEXTS.rateTypeAdded);
      setName("");
    } catch (err) {
      if (hasCode(err, ...REFUSAL_CODES)) {
        setRefusal(serverMessage(err));
      } else {
        void toast.error(RATE_TYPE_TEXTS.addFailed);
      }
    }
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteRateType.mutateAsync(deleting.name);
    } catch {
      void toast.error(RATE_TYPE_TEXTS.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  const c = RATE_TYPE_TEXTS.columns;
  return (
    <div className="eris-page">
      <H3>{RATE_TYPE_TEXTS.title}</H3>
      <form className="eris-toolbar" onSubmit={handleAdd} noValidate>
        <FormGroup label={RATE_TYPE_TEXTS.newRateType} labelFor="rate-type-name" inline style={{ margin: 0 }}>
          <InputGroup
            id="rate-type-name"
            autoComplete="off"
            placeholder={RATE_TYPE_TEXTS.newRateTypePlaceholder}
            value={name}
            intent={refusal ? Intent.DANGER : Intent.NONE}
            onValueChange={(v) => {
              setName(v);
              setRefusal(null);
            }}
          />
        </FormGroup>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="add"
          text={RATE_TYPE_TEXTS.add}
          disabled={!canAdd}
          loading={createRateType.isPending}
        />
      </form>
      <div className="eris-narrow-list">
        <FormError message={refusal} />
      </div>
      <ListStatus
        query={rateTypes}
        loadFailed={RATE_TYPE_TEXTS.loadFailed}
        retryText={RATE_TYPE_TEXTS.refresh}
        empty={(rateTypes.data ?? []).length === 0}
        emptyIcon="percentage"
        emptyTitle={RATE_TYPE_TEXTS.noRateTypes}
      >
        <div className="eris-narrow-list">
          <HTMLTable striped compact className="eris-table" aria-label={RATE_TYPE_TEXTS.rateTypes}>
            <thead>
              <tr>
                <th>{c.name}</th>
                <th>{c.actions}</th>
              </tr>
            </thead>
            <tbody>
              {slice.rows.map((rateType) => (
                <tr key={rateType.name}>
                  <td>{rateType.name}</td>
                  <td className="eris-actions-cell">
                    <Button
                      variant="minimal"
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      text={RATE_TYPE_TEXTS.delete}
                      onClick={() => setDeleting(rateType)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <ClientPager slice={slice} label={RATE_TYPE_TEXTS.rateTypes} onPage={setPage} />
        </div>
      </ListStatus>
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={RATE_TYPE_TEXTS.delete}
        loading={deleteRateType.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{RATE_TYPE_TEXTS.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}
