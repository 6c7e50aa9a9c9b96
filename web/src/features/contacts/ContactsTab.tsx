import { useMemo, useState } from "react";

import { Button, Classes, H4, HTMLTable, Icon, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";

import { ClientPager } from "../../components/ClientPager";
import { slicePage, urlPage } from "../../lib/clientPaging";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { telHref } from "../../lib/contactLinks";
import { ListStatus } from "../../components/ListStatus";
import { downloadCsv } from "../../lib/csv";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import type { Contact } from "../../gen/eris/crm/v1/contacts_pb";
import { useCompany } from "../../api/companies";
import { parseCompanyId } from "../../lib/companyRoutes";
import { ContactDialog } from "./ContactDialog";
import { matchesSearch } from "./contactForm";
import { useContacts, useDeleteContact } from "./contactQueries";
import {
  addContactPath,
  cameFromContactsTab,
  contactsTabPath,
  editContactPath,
  FROM_CONTACTS_TAB,
  parseContactId,
} from "./contactRoutes";
import { contactsCsv } from "./contactsCsv";
import { CONTACT_TEXTS } from "./texts";

import "./contacts.css";

/** The address's params: the search text and the page (1 is left out). */
const P = { search: "search", page: "page" } as const;

export interface ContactsTabProps {
  /** The dialog open over the tab: its own route (/Leads/:leadId/contacts/add or edit/:contactId). */
  dialog?: "add" | "edit";
}

/**
 * /LeadTabs/:leadId/contacts: a company's contacts, searched (the search kept in the address), paged,
 * exported as CSV. Every role adds, edits and deletes contacts of the companies it sees.
 */
export function ContactsTab({ dialog }: ContactsTabProps) {
  const params = useParams();
  // The tab layout shows "not found" for an address that cannot name a company.
  const companyId = parseCompanyId(params.leadId) ?? 0n;
  const location = useLocation();
  const navigate = useNavigate();
  const company = useCompany(companyId);
  const contacts = useContacts(companyId);
  const deleteContact = useDeleteContact();
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const url = useUrlParams();
  const [search, setSearch] = useUrlText(url, P.search, { resets: [P.page] });

  useLoadErrorToast(contacts, CONTACT_TEXTS.fetchFailed);

  const matching = useMemo(
    () => (contacts.data ?? []).filter((contact) => matchesSearch(contact, search)),
    [contacts.data, search],
  );
  const [page, setPage] = urlPage(url, P.page);
  const slice = slicePage(matching, page);

  /** Links to a dialog keep the tab's search, and say they came from the tab (closing goes Back). */
  const dialogLink = (path: string) => ({ pathname: path, search: location.search });

  function closeDialog() {
    if (cameFromContactsTab(location.state)) {
      void navigate(-1);
    } else {
      void navigate({ pathname: contactsTabPath(companyId), search: location.search }, { replace: true });
    }
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteContact.mutateAsync({ companyId, contactId: deleting.contactId });
      void toast.success(CONTACT_TEXTS.deleted);
    } catch {
      void toast.error(CONTACT_TEXTS.fetchFailed);
    } finally {
      setDeleting(null);
    }
  }

  const C = CONTACT_TEXTS.columns;
  return (
    <div className="eris-contacts">
      <H4 className="eris-contacts-title">{CONTACT_TEXTS.title(company.data?.name ?? "")}</H4>
      <div className="eris-toolbar eris-contacts-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          className="eris-contacts-search"
          aria-label={CONTACT_TEXTS.search}
          placeholder={CONTACT_TEXTS.searchPlaceholder}
          value={search}
          onValueChange={setSearch}
        />
        {contacts.isFetching && !contacts.isPending && <Spinner size={16} />}
        <span className="eris-spacer" />
        {/* A real link: the dialog has its own address, which can be shared and survives a reload. */}
        <Link
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          to={dialogLink(addContactPath(companyId))}
          state={FROM_CONTACTS_TAB}
        >
          <Icon icon="new-person" />
          <span className={Classes.BUTTON_TEXT}>{CONTACT_TEXTS.addContact}</span>
        </Link>
        <Button
          icon="export"
          text={CONTACT_TEXTS.export}
          disabled={matching.length === 0}
          onClick={() => downloadCsv(`${CONTACT_TEXTS.exportFileName}.csv`, contactsCsv(matching))}
        />
      </div>
      <ListStatus
        query={contacts}
        loadingLabel={CONTACT_TEXTS.loading}
        loadFailed={CONTACT_TEXTS.fetchFailed}
        retryText={CONTACT_TEXTS.retry}
        empty={matching.length === 0}
        emptyIcon="people"
        emptyTitle={(contacts.data ?? []).length === 0 ? CONTACT_TEXTS.noContacts : CONTACT_TEXTS.noMatch}
      >
        <div className="eris-contacts-table-wrap">
          <HTMLTable
            striped
            compact
            className="eris-table eris-contacts-table"
            aria-label={CONTACT_TEXTS.contactsTable}
          >
            <thead>
              <tr>
                <th>{C.firstName}</th>
                <th>{C.lastName}</th>
                <th>{C.email}</th>
                <th>{C.title}</th>
                <th>{C.officePhone}</th>
                <th>{C.cellPhone}</th>
                <th>{C.contactType}</th>
                <th className="eris-numeric">{C.priority}</th>
                <th className="eris-contact-action">{C.edit}</th>
                <th className="eris-contact-action">{C.delete}</th>
              </tr>
            </thead>
            <tbody>
              {slice.rows.map((contact) => (
                <tr key={String(contact.contactId)} data-contact-id={String(contact.contactId)}>
                  <td>{contact.firstName}</td>
                  <td>{contact.lastName}</td>
                  <td className="eris-contact-email">
                    {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
                  </td>
                  <td>{contact.title}</td>
                  <PhoneCell phone={contact.officePhone} />
                  <PhoneCell phone={contact.cellPhone} />
                  <td>{contact.contactType}</td>
                  <td className="eris-numeric">{contact.priority === 0 ? "" : contact.priority}</td>
                  <td className="eris-contact-action">
                    <Link
                      className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
                      to={dialogLink(editContactPath(companyId, contact.contactId))}
                      state={FROM_CONTACTS_TAB}
                      aria-label={CONTACT_TEXTS.edit}
                      title={CONTACT_TEXTS.edit}
                    >
                      <Icon icon="edit" />
                    </Link>
                  </td>
                  <td className="eris-contact-action">
                    <Button
                      variant="minimal"
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      aria-label={CONTACT_TEXTS.delete}
                      title={CONTACT_TEXTS.delete}
                      onClick={() => setDeleting(contact)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <ClientPager slice={slice} label={CONTACT_TEXTS.contactsTable} onPage={setPage} />
      </ListStatus>
      {dialog && (
        <ContactDialog
          companyId={companyId}
          mode={dialog}
          contactId={dialog === "edit" ? parseContactId(params.contactId) : undefined}
          onClose={closeDialog}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={CONTACT_TEXTS.delete}
        loading={deleteContact.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{CONTACT_TEXTS.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}

/** /Leads/:leadId/contacts (no dialog named): the company's Contacts tab. */
export function ContactsTabRedirect() {
  const { leadId } = useParams();
  const location = useLocation();
  return <Navigate to={{ pathname: contactsTabPath(leadId ?? ""), search: location.search }} replace />;
}

/** A phone number that dials when it is one (plain text otherwise). */
function PhoneCell({ phone }: { phone: string }) {
  const href = telHref(phone);
  return <td className="eris-contact-phone">{href ? <a href={href}>{phone}</a> : phone}</td>;
}
