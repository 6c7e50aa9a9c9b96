import { useEffect, useState, type FormEvent, type ReactNode } from "react";

import { DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { FormError, FormNotice, ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import type { Contact } from "../../gen/eris/crm/v1/contacts_pb";
import { keepTyped } from "../../lib/recordForm";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import {
  canSendContact,
  contactChanges,
  contactFieldsOf,
  contactInit,
  emailProblem,
  emptyContactFields,
  hasName,
  priorityProblem,
  type ContactFields,
} from "./contactForm";
import { useContact, useCreateContact, useFetchContact, useUpdateContact } from "./contactQueries";
import { CONTACT_TEXTS, CONTACT_TYPES } from "./texts";

/** The contact dialog's width: two columns of fields. */
const DIALOG_WIDTH = 560;

export interface ContactDialogProps {
  companyId: bigint;
  /** "add", or "edit" with the contact id from the address (null when it cannot be an id). */
  mode: "add" | "edit";
  contactId?: bigint | null;
  onClose: () => void;
}

/**
 * Add Contact / Edit Contact, opened by its own address (/Leads/:leadId/contacts/add or
 * edit/:contactId). One dialog stays open while the contact loads and while it is edited; it cannot
 * be closed while a save is on its way.
 */
export function ContactDialog({ companyId, mode, contactId, onClose }: ContactDialogProps) {
  const [busy, setBusy] = useState(false);
  const editing = mode === "edit";
  let body: ReactNode;
  if (!editing) {
    body = <ContactForm companyId={companyId} onClose={onClose} onBusy={setBusy} />;
  } else if (contactId === null || contactId === undefined) {
    body = <NotFound />;
  } else {
    body = (
      <EditContactLoader
        key={String(contactId)}
        companyId={companyId}
        contactId={contactId}
        onClose={onClose}
        onBusy={setBusy}
      />
    );
  }
  return (
    <ModalDialog
      isOpen
      title={editing ? CONTACT_TEXTS.editContact : CONTACT_TEXTS.addContact}
      icon={editing ? "edit" : "new-person"}
      style={{ width: DIALOG_WIDTH }}
      canOutsideClickClose={!busy}
      canEscapeKeyClose={!busy}
      onClose={() => {
        if (!busy) {
          onClose();
        }
      }}
    >
      {body}
    </ModalDialog>
  );
}

interface EditContactLoaderProps {
  companyId: bigint;
  contactId: bigint;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}

/** Reads the contact afresh (for the version the update carries), then shows the form. */
function EditContactLoader({ companyId, contactId, onClose, onBusy }: EditContactLoaderProps) {
  const contact = useContact(contactId);
  const unknown = hasCode(contact.error, Code.NotFound, Code.PermissionDenied, Code.InvalidArgument);
  useLoadErrorToast(
    { isError: contact.isError && !unknown, errorUpdatedAt: contact.errorUpdatedAt },
    CONTACT_TEXTS.fetchFailed,
  );

  if (contact.isPending) {
    return (
      <DialogBody>
        <Spinner aria-label={CONTACT_TEXTS.loading} />
      </DialogBody>
    );
  }
  if (contact.isError && !unknown) {
    return (
      <DialogBody>
        <NonIdealState icon="error" title={CONTACT_TEXTS.fetchFailed} />
      </DialogBody>
    );
  }
  // A contact of another company reads as not found here: the address names both.
  if (!contact.data || contact.data.companyId !== companyId) {
    return <NotFound />;
  }
  return <ContactForm companyId={companyId} contact={contact.data} onClose={onClose} onBusy={onBusy} />;
}

function NotFound() {
  return (
    <DialogBody>
      <NonIdealState icon="person" title={CONTACT_TEXTS.notFound} description={CONTACT_TEXTS.notFoundBody} />
    </DialogBody>
  );
}

interface ContactFormProps {
  companyId: bigint;
  /** The contact to edit, as read; absent to add one. */
  contact?: Contact;
  onClose: () => void;
  /** Told when a save starts and ends (the dialog cannot be closed meanwhile). */
  onBusy: (busy: boolean) => void;
}

type TextKey = Exclude<keyof ContactFields, "contactType" | "priority">;

/**
 * The contact's fields. The priority is checked as it is typed (1 to 15, or empty when not ranked),
 * the e-mail address once the box is left; an edit sends only the changed fields with the version
 * read. A value the server refuses shows its reason on the form (no toast: the form says it). When
 * someone else changed a field meanwhile, the server's message is shown and the contact re-read,
 * keeping what was typed.
 */
function ContactForm({ companyId, contact, onClose, onBusy }: ContactFormProps) {
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const fetchContact = useFetchContact();
  const [current, setCurrent] = useState<Contact | undefined>(contact);
  const [fields, setFields] = useState<ContactFields>(() =>
    contact ? contactFieldsOf(contact) : emptyContactFields(),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [nameTouched, setNameTouched] = useState(false);
  const [emailTouched, setEmailTouched] = useState(false);
  const busy = createContact.isPending || updateContact.isPending;
  const editing = contact !== undefined;

  useEffect(() => {
    onBusy(busy);
  }, [busy, onBusy]);

  const changes = current ? contactChanges(contactFieldsOf(current), fields) : null;
  const priorityMessage = priorityProblem(fields.priority);
  const nameMessage = nameTouched && !hasName(fields) ? CONTACT_TEXTS.nameNeeded : undefined;
  const emailMessage = emailTouched ? (emailProblem(fields.email) ?? undefined) : undefined;
  const canSave = canSendContact(fields) && !busy && (changes === null || changes.paths.length > 0);

  function set<K extends keyof ContactFields>(key: K, value: ContactFields[K]) {
    setFields((prev) => ({ ...prev, [key]: value }));
    setRefusal(null);
  }

  function failed(err: unknown) {
    // A refused value (e.g. the e-mail address): the server's reason shows on the form, and only there.
    if (hasCode(err, Code.InvalidArgument, Code.AlreadyExists)) {
      setRefusal(serverMessage(err));
    } else {
      void toast.error(CONTACT_TEXTS.fetchFailed);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) {
      setNameTouched(true);
      setEmailTouched(true);
      return;
    }
    if (!current) {
      try {
        await createContact.mutateAsync(contactInit(companyId, fields));
        void toast.success(CONTACT_TEXTS.added);
        onClose();
      } catch (err) {
        failed(err);
      }
      return;
    }
    if (!changes) {
      return;
    }
    const read = current;
    try {
      await updateContact.mutateAsync({
        companyId,
        contactId: read.contactId,
        version: read.version,
        fields: changes.fields,
        paths: changes.paths,
      });
      void toast.success(CONTACT_TEXTS.updated);
      onClose();
    } catch (err) {
      if (!hasCode(err, Code.Aborted)) {
        failed(err);
        return;
      }
      // Someone else changed a field being saved: say so, show what is stored now, keep the typing.
      setNotice(serverMessage(err));
      try {
        const fresh = await fetchContact(read.contactId);
        if (fresh) {
          setFields((typed) =>
            keepTyped(contactFieldsOf(fresh), typed, contactChanges(contactFieldsOf(read), typed).keys),
          );
          setCurrent(fresh);
        }
      } catch {
        void toast.error(CONTACT_TEXTS.fetchFailed);
      }
    }
  }

  const touchedBy = (key: TextKey) => {
    if (key === "firstName" || key === "lastName") {
      return () => setNameTouched(true);
    }
    return key === "email" ? () => setEmailTouched(true) : undefined;
  };

  const text = (key: TextKey, label: string, type: "text" | "email" | "tel" = "text", autoFocus = false) => {
    const message = key === "firstName" ? nameMessage : key === "email" ? emailMessage : undefined;
    return (
      <FormGroup
        label={label}
        labelFor={`contact-${key}`}
        intent={message ? Intent.DANGER : Intent.NONE}
        helperText={message}
      >
        <InputGroup
          id={`contact-${key}`}
          type={type}
          autoComplete="off"
          autoFocus={autoFocus}
          intent={message ? Intent.DANGER : Intent.NONE}
          value={fields[key]}
          onValueChange={(value) => set(key, value)}
          aria-invalid={message ? true : undefined}
          onBlur={touchedBy(key)}
        />
      </FormGroup>
    );
  };

  const C = CONTACT_TEXTS.columns;
  const typeKnown = fields.contactType === "" || (CONTACT_TYPES as readonly string[]).includes(fields.contactType);

  return (
    <form
      onSubmit={(e) => void handleSubmit(e)}
      // Enter does not submit while Save is off: it shows what keeps it off instead.
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          setNameTouched(true);
          setEmailTouched(true);
        }
      }}
      noValidate
      aria-label={editing ? CONTACT_TEXTS.editContact : CONTACT_TEXTS.addContact}
    >
      <DialogBody>
        <FormNotice notice={notice} />
        <div className="eris-contact-fields">
          {text("firstName", C.firstName, "text", true)}
          {text("lastName", C.lastName)}
          {text("email", C.email, "email")}
          {text("title", C.title)}
          {text("officePhone", C.officePhone, "tel")}
          {text("cellPhone", C.cellPhone, "tel")}
          <FormGroup label={C.contactType} labelFor="contact-contactType">
            <HTMLSelect
              id="contact-contactType"
              fill
              value={fields.contactType}
              onChange={(e) => set("contactType", e.currentTarget.value)}
            >
              <option value="">{CONTACT_TEXTS.none}</option>
              {CONTACT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
              {/* A type no longer offered still shows what is stored. */}
              {!typeKnown && <option value={fields.contactType}>{fields.contactType}</option>}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label={C.priority}
            labelFor="contact-priority"
            intent={priorityMessage ? Intent.DANGER : Intent.NONE}
            helperText={priorityMessage ?? CONTACT_TEXTS.priorityHint}
          >
            <InputGroup
              id="contact-priority"
              inputMode="numeric"
              autoComplete="off"
              intent={priorityMessage ? Intent.DANGER : Intent.NONE}
              aria-invalid={priorityMessage ? true : undefined}
              value={fields.priority}
              onValueChange={(value) => set("priority", value)}
            />
          </FormGroup>
        </div>
        <FormError message={refusal} />
      </DialogBody>
      <SubmitFooter
        cancelText={CONTACT_TEXTS.cancel}
        submitText={CONTACT_TEXTS.save}
        busy={busy}
        canSubmit={canSave}
        onCancel={onClose}
      />
    </form>
  );
}
