import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { vi } from "vitest";

import { pasteProblemText, projectedPayment } from "../features/payments/paymentMath";
import {
  ContractSchema,
  DrPaymentSchema,
  PaymentSchema,
  PaymentTotalsSchema,
  ProjectionBasis,
  type Contract,
  type DrPayment,
  type Payment,
  type PaymentTotals,
} from "../gen/eris/contracts/v1/contracts_pb";
import { Commodity } from "../gen/eris/sourcing/v1/utilities_pb";
import { amountApiValue, roundToCents } from "../lib/records/paymentFormat";
import { basisName, contractBasis, contractFactor } from "../lib/records/projectionBasis";

/** Test data and an in-memory payment service for the payment screens' tests. */

type ContractFields = Omit<MessageInitShape<typeof ContractSchema>, "$typeName">;
type PaymentFields = Omit<MessageInitShape<typeof PaymentSchema>, "$typeName">;

/** A contract made on the lead contracts screen: its projected payments go by its fee. */
export function makeContract(fields: ContractFields = {}): Contract {
  return create(ContractSchema, {
    contractId: 70n,
    companyId: 5n,
    companyName: "Acme Foods",
    commodity: Commodity.ELECTRIC,
    fee: "0.005",
    contractRate: "0.08125",
    termMonths: 12,
    projectionBasis: ProjectionBasis.FEE,
    version: 2n,
    ...fields,
  } as ContractFields);
}

/** A contract made on the beta tab: its projected payments go by its rate. */
export function makeBetaContract(fields: ContractFields = {}): Contract {
  return makeContract({ beta: true, projectionBasis: ProjectionBasis.RATE, ...fields });
}

export function makePayment(fields: PaymentFields = {}): Payment {
  return create(PaymentSchema, {
    paymentId: 101n,
    contractId: 70n,
    projectedMonth: 1,
    projectedYear: 2026,
    revenueSplit: "50",
    projectedUsage: "10000",
    projectedPayment: "25.00",
    version: 1n,
    ...fields,
  } as PaymentFields);
}

export const january = makePayment();

export const february = makePayment({
  paymentId: 102n,
  projectedMonth: 2,
  projectedUsage: "12000",
  projectedPayment: "30.00",
  paymentMonth: 3,
  paymentYear: 2026,
  usageActual: "11800",
  paymentActual: "29.50",
  paymentType: "Residual",
  version: 4n,
});

/**
 * What the service answers about one pasted text: the rows it would add (each with the line it comes
 * from and its payment, the projected payment as the service computed it) and why others cannot be
 * added (line 0 for the paste as a whole).
 */
export interface PasteAnswer {
  rows?: { line: number; fields: PaymentFields }[];
  problems?: { line: number; message: string }[];
}

/** A pasted row as the service reads it, from the fields a test names (the rest empty). */
export function pastedRow(line: number, fields: PaymentFields) {
  return { line, fields: { projectedMonth: 1, projectedYear: 2026, ...fields } };
}

const fields = (message: unknown) => ({ ...(message as object) }) as PaymentFields;

/**
 * A payment service holding one contract's payments in memory: versions are checked like the server
 * (ABORTED when stale), and projected payments of 'Update Proj. Payments' are computed like the
 * server does: by the stored contract's projection basis (its fee or its rate), whichever screen
 * calls. Pasted text is not read here: each test gives the service's answer for the texts it pastes
 * (`pasteAnswers`, `answerPaste`); a validate-only call answers it, a paste adds its rows or is
 * refused as a whole, as the service words it, and a text with no answer fails the call.
 */
export function fakePayments(
  initial: Payment[] = [january, february],
  options: {
    totals?: { projected: PaymentTotals; actual: PaymentTotals };
    dr?: DrPayment[];
    /**
     * The contract as the server stores it (the lead screen's, by fee, unless given), or how to read
     * it from a fake contract service's store.
     */
    contract?: Contract | (() => Contract);
    /** The service's answers about pasted texts, by the text as pasted. */
    pasteAnswers?: Record<string, PasteAnswer>;
  } = {},
) {
  let payments = [...initial];
  let nextId = 500n;
  let dr = [...(options.dr ?? [])];
  let nextDrId = 900n;
  const pasteAnswers = new Map(Object.entries(options.pasteAnswers ?? {}));
  const readContract = typeof options.contract === "function" ? options.contract : undefined;
  let contract = typeof options.contract === "object" ? options.contract : makeContract();
  const storedContract = () => (readContract ? readContract() : contract);
  const computed = (payment: Pick<Payment, "projectedUsage" | "revenueSplit">) =>
    projectedPayment(payment.projectedUsage, payment.revenueSplit, contractFactor(storedContract()));
  const stored = (init: PaymentFields) => create(PaymentSchema, { ...init, paymentId: nextId++, version: 1n });
  const service = {
    listPayments: vi.fn(async () => ({
      payments: [...payments],
      projected: options.totals?.projected,
      actual: options.totals?.actual,
    })),
    createPayments: vi.fn(async ({ payments: added }: { payments: PaymentFields[] }) => {
      const made = added.map((payment) => stored(fields(payment)));
      payments = [...payments, ...made];
      return { payments: made };
    }),
    pastePayments: vi.fn(async ({ text, validateOnly }: { text: string; validateOnly?: boolean }) => {
      const answer = pasteAnswers.get(text);
      if (!answer) {
        throw new ConnectError(`no answer given for the pasted text ${JSON.stringify(text)}`, Code.Unimplemented);
      }
      const rows = answer.rows ?? [];
      const problems = answer.problems ?? [];
      if (validateOnly) {
        return {
          payments: rows.map((row) => create(PaymentSchema, { ...row.fields, contractId: 70n })),
          lines: rows.map((row) => row.line),
          problems,
        };
      }
      if (problems.length > 0) {
        throw new ConnectError(problems.map(pasteProblemText).join("\n"), Code.InvalidArgument);
      }
      const made = rows.map((row) => stored({ ...row.fields, contractId: 70n }));
      payments = [...payments, ...made];
      return { payments: made, lines: [], problems: [] };
    }),
    updatePayment: vi.fn(async ({ payment }: { payment: Payment }) => {
      const current = payments.find((p) => p.paymentId === payment.paymentId);
      if (!current) {
        throw new ConnectError("payment not found", Code.NotFound);
      }
      if (current.version !== payment.version) {
        throw new ConnectError("someone else changed this payment", Code.Aborted);
      }
      const saved = create(PaymentSchema, { ...fields(payment), version: current.version + 1n });
      payments = payments.map((p) => (p.paymentId === saved.paymentId ? saved : p));
      return { payment: saved };
    }),
    deletePayment: vi.fn(async ({ paymentId }: { paymentId: bigint }) => {
      payments = payments.filter((p) => p.paymentId !== paymentId);
      return {};
    }),
    /**
     * Recomputes the named payments by the contract's basis; a figure sent that differs from the
     * computed one refuses the whole call, one line per payment, as the server words it.
     */
    updateProjectedPayments: vi.fn(
      async ({ updates }: { updates: { paymentId: bigint; projectedPayment: string; version: bigint }[] }) => {
        const refused: string[] = [];
        for (const update of updates) {
          const current = payments.find((p) => p.paymentId === update.paymentId);
          if (!current || (update.version !== 0n && current.version !== update.version)) {
            throw new ConnectError("someone else changed a payment", Code.Aborted);
          }
          const figure = computed(current);
          if (update.projectedPayment !== "" && amountApiValue(update.projectedPayment) !== amountApiValue(figure)) {
            refused.push(
              `Payment ${update.paymentId}: by the contract's ${basisName(contractBasis(storedContract()))} its projected ` +
                `payment is ${figure}, not ${roundToCents(update.projectedPayment)}.`,
            );
          }
        }
        if (refused.length > 0) {
          throw new ConnectError(refused.join("\n"), Code.InvalidArgument);
        }
        payments = payments.map((p) =>
          updates.some((u) => u.paymentId === p.paymentId)
            ? create(PaymentSchema, { ...fields(p), projectedPayment: computed(p), version: p.version + 1n })
            : p,
        );
        return { payments: [...payments] };
      },
    ),
    listDrPayments: vi.fn(async () => ({ drPayments: [...dr] })),
    createDrPayment: vi.fn(
      async ({ drPayment }: { drPayment: Omit<MessageInitShape<typeof DrPaymentSchema>, "$typeName"> }) => {
        const made = create(DrPaymentSchema, { ...drPayment, drPaymentId: nextDrId++ });
        dr = [made, ...dr];
        return { drPayment: made };
      },
    ),
    deleteDrPayment: vi.fn(async ({ drPaymentId }: { drPaymentId: bigint }) => {
      dr = dr.filter((record) => record.drPaymentId !== drPaymentId);
      return {};
    }),
    /** Someone else's change to a stored payment (its version goes up). */
    changeElsewhere(paymentId: bigint, change: PaymentFields) {
      payments = payments.map((p) =>
        p.paymentId === paymentId ? create(PaymentSchema, { ...fields(p), ...change, version: p.version + 1n }) : p,
      );
    },
    stored: () => payments,
    /** The service's answer about one more pasted text. */
    answerPaste(text: string, answer: PasteAnswer) {
      pasteAnswers.set(text, answer);
    },
    /** Someone else's change to the contract (its fee, rate or basis) as the server stores it now (not read from a store). */
    changeContract(change: ContractFields) {
      contract = create(ContractSchema, { ...(contract as ContractFields), ...change } as ContractFields);
    },
  };
  return service;
}

export function makeTotals(fields: Omit<MessageInitShape<typeof PaymentTotalsSchema>, "$typeName">): PaymentTotals {
  return create(PaymentTotalsSchema, fields);
}

export function makeDrPayment(fields: Omit<MessageInitShape<typeof DrPaymentSchema>, "$typeName">): DrPayment {
  return create(DrPaymentSchema, { contractId: 71n, ...fields });
}
