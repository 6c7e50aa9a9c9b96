import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import { suppliersKey } from "../../api/suppliers";
import type { Supplier, SupplierContact } from "../../gen/eris/sourcing/v1/suppliers_pb";
import type { FieldChanges } from "../../lib/recordForm";
import type { ContactFields, SupplierFields } from "./supplierForm";

/** A supplier's contacts; under `suppliersKey`, so refreshing the suppliers refreshes them too. */
export function contactsKey(supplierId: bigint) {
  return [...suppliersKey, "contacts", String(supplierId)] as const;
}

/** Every change to a supplier refreshes every supplier list and picker in the app. */
function useInvalidateSuppliers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: suppliersKey });
}

export function useCreateSupplier() {
  const api = useApi();
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: async (fields: SupplierFields) => (await api.suppliers.createSupplier({ supplier: fields })).supplier,
    onSuccess: invalidate,
  });
}

export function useUpdateSupplier() {
  const api = useApi();
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: async ({ supplier, changes }: { supplier: Supplier; changes: FieldChanges<SupplierFields> }) =>
      (
        await api.suppliers.updateSupplier({
          supplier: { supplierId: supplier.supplierId, version: supplier.version, ...changes.fields },
          updateMask: { paths: changes.paths },
        })
      ).supplier,
    // A stale update refreshes the list too: it shows what is stored now.
    onSettled: invalidate,
  });
}

/** Archives a supplier (the server never removes one). */
export function useDeleteSupplier() {
  const api = useApi();
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: async (supplierId: bigint) => (await api.suppliers.deleteSupplier({ supplierId })).supplier,
    onSuccess: invalidate,
  });
}

/** Reads one supplier as stored now (after a stale write). */
export function useFetchSupplier() {
  const api = useApi();
  return async (supplierId: bigint) => (await api.suppliers.getSupplier({ supplierId })).supplier;
}

export function useSupplierContacts(supplierId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: contactsKey(supplierId),
    queryFn: async ({ signal }) => (await api.suppliers.listSupplierContacts({ supplierId }, { signal })).contacts,
  });
}

function useInvalidateContacts(supplierId: bigint) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactsKey(supplierId) });
}

export function useCreateContact(supplierId: bigint) {
  const api = useApi();
  const invalidate = useInvalidateContacts(supplierId);
  return useMutation({
    mutationFn: async (fields: ContactFields) =>
      (await api.suppliers.createSupplierContact({ contact: { supplierId, ...fields } })).contact,
    onSuccess: invalidate,
  });
}

export function useUpdateContact(supplierId: bigint) {
  const api = useApi();
  const invalidate = useInvalidateContacts(supplierId);
  return useMutation({
    mutationFn: async ({ contact, changes }: { contact: SupplierContact; changes: FieldChanges<ContactFields> }) =>
      (
        await api.suppliers.updateSupplierContact({
          contact: { supplierContactId: contact.supplierContactId, version: contact.version, ...changes.fields },
          updateMask: { paths: changes.paths },
        })
      ).contact,
    onSettled: invalidate,
  });
}

export function useDeleteContact(supplierId: bigint) {
  const api = useApi();
  const invalidate = useInvalidateContacts(supplierId);
  return useMutation({
    mutationFn: async (supplierContactId: bigint) => {
      await api.suppliers.deleteSupplierContact({ supplierContactId });
    },
    onSuccess: invalidate,
  });
}

/** Reads one contact as stored now (there is no GetSupplierContact: the supplier's list is read). */
export function useFetchContact(supplierId: bigint) {
  const api = useApi();
  return async (supplierContactId: bigint) =>
    (await api.suppliers.listSupplierContacts({ supplierId })).contacts.find(
      (c) => c.supplierContactId === supplierContactId,
    );
}
