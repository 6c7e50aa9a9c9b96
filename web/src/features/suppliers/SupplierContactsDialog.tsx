import { useState } from "react";

import { Button, ButtonGroup, DialogBody, DialogFooter, HTMLTable, Intent } from "@blueprintjs/core";

import { ClientPager } from "../../components/ClientPager";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ModalDialog } from "../../components/FormDialogParts";
import { ListStatus } from "../../components/ListStatus";
import type { Supplier, SupplierContact } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { slicePage } from "../../lib/clientPaging";
import { contactHref } from "../../lib/contactLinks";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { contactCommodityLabel, SupplierContactDialog } from "./SupplierContactDialog";
import { useDeleteContact, useSupplierContacts } from "./supplierQueries";
import { SUPPLIER_TEXTS } from "./texts";

import "../../components/directory.css";

export interface SupplierContactsDialogProps {
  supplier: Supplier;
  /** Add, edit and delete (Management, Admin); others only read. */
  canChange: boolean;
  onClose: () => void;
}

const T = SUPPLIER_TEXTS.contact;

interface LinkCellProps {
  text: string;
  /** The address it leads to; plain text when null. */
  href: string | null;
}

function LinkCell({ text, href }: LinkCellProps) {
  return <td>{href && text ? <a href={href}>{text}</a> : text}</td>;
}

/**
 * A supplier's contacts: Name, Contact Type, Commodity, Email, Support, Pricing Desk, Office Phone,
 * Cell Phone and actions; e-mail addresses open the mail program and phone numbers dial.
 */
export function SupplierContactsDialog({ supplier, canChange, onClose }: SupplierContactsDialogProps) {
  const contacts = useSupplierContacts(supplier.supplierId);
  const deleteContact = useDeleteContact(supplier.supplierId);
  const [editing, setEditing] = useState<{ contact?: SupplierContact } | null>(null);
  const [deleting, setDeleting] = useState<SupplierContact | null>(null);
  const [page, setPage] = useState(1);

  useLoadErrorToast(contacts, T.loadFailed);

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteContact.mutateAsync(deleting.supplierContactId);
    } catch {
      void toast.error(T.deleteFailed);
    } finally {
      setDeleting(null);
    }
  }

  const c = T.columns;
  const rows = contacts.data ?? [];
  const slice = slicePage(rows, page);
  return (
    <>
      <ModalDialog
        isOpen
        title={T.title(supplier.name)}
        icon="people"
        className="eris-supplier-contacts-dialog"
        style={{ width: 1180, maxWidth: "calc(100vw - 40px)" }}
        onClose={onClose}
      >
        <DialogBody>
          {canChange && (
            <div className="eris-toolbar eris-dialog-toolbar">
              <Button
                intent={Intent.PRIMARY}
                icon="new-person"
                text={T.addContact}
                autoFocus
                onClick={() => setEditing({})}
              />
            </div>
          )}
          <ListStatus
            query={contacts}
            loadFailed={T.loadFailed}
            retryText={SUPPLIER_TEXTS.refresh}
            empty={rows.length === 0}
            emptyIcon="people"
            emptyTitle={T.noContacts}
          >
            <div className="eris-table-wrap">
              <HTMLTable striped compact className="eris-table eris-supplier-contacts-table" aria-label={T.contacts}>
                <thead>
                  <tr>
                    <th>{c.name}</th>
                    <th>{c.contactType}</th>
                    <th>{c.commodity}</th>
                    <th>{c.email}</th>
                    <th>{c.support}</th>
                    <th>{c.pricingDesk}</th>
                    <th>{c.officePhone}</th>
                    <th>{c.cellPhone}</th>
                    {canChange && <th>{c.actions}</th>}
                  </tr>
                </thead>
                <tbody>
                  {slice.rows.map((contact) => (
                    <tr key={String(contact.supplierContactId)}>
                      <td>{contact.name}</td>
                      <td>{contact.contactType}</td>
                      <td>{contactCommodityLabel(contact.commodity)}</td>
                      <LinkCell
                        text={contact.email}
                        href={contact.email.trim() ? `mailto:${contact.email.trim()}` : null}
                      />
                      <LinkCell text={contact.support} href={contactHref(contact.support)} />
                      <LinkCell text={contact.pricingDesk} href={contactHref(contact.pricingDesk)} />
                      <LinkCell text={contact.officePhone} href={contactHref(contact.officePhone)} />
                      <LinkCell text={contact.cellPhone} href={contactHref(contact.cellPhone)} />
                      {canChange && (
                        <td className="eris-actions-cell">
                          <ButtonGroup variant="minimal">
                            <Button size="small" icon="edit" text={T.edit} onClick={() => setEditing({ contact })} />
                            <Button
                              size="small"
                              icon="trash"
                              intent={Intent.DANGER}
                              text={T.delete}
                              onClick={() => setDeleting(contact)}
                            />
                          </ButtonGroup>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
            <ClientPager slice={slice} label={T.contacts} onPage={setPage} />
          </ListStatus>
        </DialogBody>
        <DialogFooter actions={<Button text={SUPPLIER_TEXTS.close} onClick={onClose} />} />
      </ModalDialog>
      {/* Beside the list dialog, not inside it: Escape closes only the dialog on top. */}
      {editing && (
        <SupplierContactDialog
          key={editing.contact ? String(editing.contact.supplierContactId) : "new"}
          supplier={supplier}
          contact={editing.contact}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={T.delete}
        loading={deleteContact.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{T.deleteConfirm}</p>
      </ConfirmDialog>
    </>
  );
}
