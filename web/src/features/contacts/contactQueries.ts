import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import type { Contact } from "../../gen/eris/crm/v1/contacts_pb";
import type { ContactInit } from "./contactForm";

/** Contacts are read 500 a page (the server's default), every page. */
const CONTACTS_PAGE_SIZE = 500;

export const contactsKey = ["contacts"] as const;
const companyContactsKey = (companyId: bigint) => [...contactsKey, "company", companyId.toString()] as const;
const contactKey = (contactId: bigint) => [...contactsKey, "one", contactId.toString()] as const;

/** Every contact of a company, by last name, then first name. */
export function useContacts(companyId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: companyContactsKey(companyId),
    queryFn: async ({ signal }) => {
      const contacts: Contact[] = [];
      let pageToken = "";
      do {
        const res = await api.contacts.listContacts({ companyId, pageSize: CONTACTS_PAGE_SIZE, pageToken }, { signal });
        contacts.push(...res.contacts);
        pageToken = res.nextPageToken;
      } while (pageToken);
      return contacts;
    },
  });
}

/** One contact as stored now (the edit dialog reads it afresh, for its version). */
export function useContact(contactId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: contactKey(contactId),
    queryFn: async ({ signal }) => (await api.contacts.getContact({ contactId }, { signal })).contact ?? null,
    // The version read must be the latest: no stale copy from an earlier visit.
    staleTime: 0,
  });
}

/** Reads a contact afresh (after a stale write). */
export function useFetchContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  return async (contactId: bigint) => {
    const contact = (await api.contacts.getContact({ contactId })).contact;
    if (contact) {
      queryClient.setQueryData(contactKey(contactId), contact);
    }
    return contact;
  };
}

function useRefreshContacts() {
  const queryClient = useQueryClient();
  return (companyId: bigint) => queryClient.invalidateQueries({ queryKey: companyContactsKey(companyId) });
}

export function useCreateContact() {
  const api = useApi();
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: async (contact: ContactInit) => {
      const res = await api.contacts.createContact({ contact });
      if (!res.contact) {
        throw new Error("CreateContact answered without a contact");
      }
      return res.contact;
    },
    onSuccess: (contact) => refresh(contact.companyId),
  });
}

export interface UpdateContactInput {
  companyId: bigint;
  contactId: bigint;
  version: bigint;
  fields: Partial<ContactInit>;
  paths: string[];
}

export function useUpdateContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: async ({ contactId, version, fields, paths }: UpdateContactInput) => {
      const res = await api.contacts.updateContact({
        contact: { contactId, version, ...fields },
        updateMask: { paths },
      });
      if (!res.contact) {
        throw new Error("UpdateContact answered without a contact");
      }
      return res.contact;
    },
    onSuccess: (contact) => queryClient.setQueryData(contactKey(contact.contactId), contact),
    onSettled: (_contact, _err, { companyId }) => refresh(companyId),
  });
}

export function useDeleteContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: ({ contactId }: { companyId: bigint; contactId: bigint }) => api.contacts.deleteContact({ contactId }),
    onSuccess: (_res, { contactId }) => queryClient.removeQueries({ queryKey: contactKey(contactId) }),
    onSettled: (_res, _err, { companyId }) => refresh(companyId),
  });
}
