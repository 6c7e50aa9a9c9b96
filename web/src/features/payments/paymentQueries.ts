import { useCallback } from "react";

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";

import { useApi } from "../../api/clients";
import type {
  DrPayment,
  ListPaymentsResponse,
  PastePaymentsResponse,
  Payment,
} from "../../gen/eris/contracts/v1/contracts_pb";
import type { Date as CalendarDate } from "../../gen/eris/common/v1/date_pb";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import type { PasteResult, PaymentFields } from "./paymentMath";

export const paymentsKey = ["payments"] as const;
const listKey = (contractId: bigint) => [...paymentsKey, "list", contractId.toString()] as const;
const drKey = (contractId: bigint) => [...paymentsKey, "dr", contractId.toString()] as const;
const pasteKey = (contractId: bigint, text: string) => [...paymentsKey, "paste", contractId.toString(), text] as const;

/** A contract's payments (by projected year and month) with their projected and actual totals. */
export function usePayments(contractId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: listKey(contractId),
    queryFn: ({ signal }) => api.payments.listPayments({ contractId }, { signal }),
    // Opening the dialog shows the payments as stored now, whatever the cache holds (a colleague
    // may have saved one while it was closed); while open, the change feed keeps it current.
    refetchOnMount: "always",
  });
}

/** Puts changed payments into the cached list at once; the totals follow when it is read again. */
function replacePayments(queryClient: QueryClient, contractId: bigint, changed: readonly Payment[]) {
  const byId = new Map(changed.map((payment) => [payment.paymentId, payment]));
  queryClient.setQueryData<ListPaymentsResponse>(listKey(contractId), (list) =>
    list
      ? ({
          ...list,
          payments: list.payments.map((payment) => byId.get(payment.paymentId) ?? payment),
        } as ListPaymentsResponse)
      : list,
  );
}

/** Reads a contract's payments anew (after someone else's change) and answers them. */
export function useReloadPayments(contractId: bigint) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: listKey(contractId),
        queryFn: ({ signal }) => api.payments.listPayments({ contractId }, { signal }),
        staleTime: 0,
      }),
    [api, queryClient, contractId],
  );
}

/** Adding, pasting, changing and removing a contract's payments; the list is read again after each. */
export function usePaymentWriters(contractId: bigint) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(contractId) });

  const create = useMutation({
    mutationFn: (payments: PaymentFields[]) =>
      api.payments.createPayments({ contractId, payments: payments.map((fields) => ({ ...fields, contractId })) }),
    onSettled: refresh,
  });
  // The text as pasted: the server reads it by its rules (as the preview showed) and computes each
  // row's projected payment by the contract's projection basis, or refuses the whole paste.
  const paste = useMutation({
    mutationFn: (text: string) => api.payments.pastePayments({ contractId, text, validateOnly: false }),
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ read, fields }: { read: Payment; fields: PaymentFields }) => {
      const { payment } = await api.payments.updatePayment({
        payment: { ...fields, paymentId: read.paymentId, contractId, version: read.version },
      });
      if (!payment) {
        throw new Error("UpdatePayment answered without a payment");
      }
      return payment;
    },
    onSuccess: (payment) => {
      replacePayments(queryClient, contractId, [payment]);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (payment: Payment) => api.payments.deletePayment({ paymentId: payment.paymentId }),
    onSettled: refresh,
  });
  /**
   * Has the server recompute the projected payments of the payments read, by the contract's
   * projection basis: each goes by id and version only, with no figure of ours to check against.
   */
  const updateProjected = useMutation({
    mutationFn: (read: readonly Pick<Payment, "paymentId" | "version">[]) =>
      api.payments.updateProjectedPayments({
        contractId,
        updates: read.map(({ paymentId, version }) => ({ paymentId, projectedPayment: "", version })),
      }),
    onSuccess: (answer) => {
      replacePayments(queryClient, contractId, answer.payments);
      void refresh();
    },
  });
  return { create, paste, update, remove, updateProjected };
}

/** How long the pasted text must stay unchanged before the service is asked about it. */
const PASTE_PREVIEW_DELAY_MS = 300;

/** What the service answered about pasted text, as the preview shows it. */
export interface PastePreview extends PasteResult {
  /** The answer is about the text as it is now: rows and problems can be trusted for adding. */
  current: boolean;
  /** The service is being asked (the previous answer stays shown meanwhile). */
  checking: boolean;
  /** The last question failed (not for the rows' sake: the call itself). */
  failed: boolean;
}

function pasteResultOf(answer: PastePaymentsResponse): PasteResult {
  return {
    rows: answer.payments.map((fields, index) => ({ line: answer.lines[index] ?? index + 1, fields })),
    problems: answer.problems.map(({ line, message }) => ({ line, message })),
  };
}

/** The service's answer is about the text as it is now, and it would add every row: the paste can go. */
export function pasteReady(preview: PastePreview): boolean {
  return preview.current && preview.rows.length > 0 && preview.problems.length === 0;
}

const NOTHING_PASTED: PasteResult = { rows: [], problems: [] };

/**
 * The preview of pasted rows: once the text has rested a moment, the service reads it without
 * storing anything (validate only) and answers the rows it would add, with their projected payments
 * by the contract's basis, and why any row cannot be added. Empty text asks nothing.
 */
export function usePastePreview(contractId: bigint, text: string): PastePreview {
  const api = useApi();
  const settled = useDebouncedValue(text, PASTE_PREVIEW_DELAY_MS);
  const asked = settled.trim() !== "";
  const query = useQuery({
    queryKey: pasteKey(contractId, settled),
    queryFn: async ({ signal }) =>
      pasteResultOf(await api.payments.pastePayments({ contractId, text: settled, validateOnly: true }, { signal })),
    enabled: asked,
    placeholderData: keepPreviousData,
    // The answer goes by the contract as stored now: read again when the preview is shown again.
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });
  if (text.trim() === "") {
    return { ...NOTHING_PASTED, current: true, checking: false, failed: false };
  }
  const settledNow = settled === text && asked;
  return {
    ...(query.data ?? NOTHING_PASTED),
    current: settledNow && query.isSuccess && !query.isPlaceholderData && !query.isFetching,
    checking: !settledNow || query.isFetching,
    failed: settledNow && query.isError && !query.isFetching,
  };
}

/** A DR contract's payment history, latest first. */
export function useDrPayments(contractId: bigint) {
  const api = useApi();
  return useQuery({
    queryKey: drKey(contractId),
    queryFn: async ({ signal }) => (await api.payments.listDrPayments({ contractId }, { signal })).drPayments,
    refetchOnMount: "always",
  });
}

export interface DrPaymentInit {
  amount: string;
  date: CalendarDate;
  period: string;
}

export function useDrPaymentWriters(contractId: bigint) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: drKey(contractId) });
  const create = useMutation({
    mutationFn: (init: DrPaymentInit) => api.payments.createDrPayment({ drPayment: { ...init, contractId } }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (record: DrPayment) => api.payments.deleteDrPayment({ drPaymentId: record.drPaymentId }),
    onSettled: refresh,
  });
  return { create, remove };
}
