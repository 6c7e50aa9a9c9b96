import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { vi } from "vitest";

import {
  ColumnMappingSchema,
  ImportStatementResponseSchema,
  MissingPaymentSchema,
  ReadStatementFileResponseSchema,
  SampleRowSchema,
  StatementBucket,
  StatementRowSchema,
  StatementSchema,
  StatementStatus,
  SuggestionSchema,
  type ImportStatementResponse,
  type Statement,
  type StatementRow,
} from "../gen/eris/contracts/v1/statements_pb";
import { makeSupplier } from "./sourcingFakes";

type Init<S extends DescMessage> = Omit<MessageInitShape<S>, "$typeName">;

/** The file's headers as a supplier writes them. */
export const HEADERS = ["ESI ID", "Start", "End", "Month", "kWh", "Commission", "Rate", "Customer"];

/** Acme Energy's statement #12 of March 2026: three rows, one of each of three buckets, one missing. */
export function makeStatement(fields: Init<typeof StatementSchema> = {}): Statement {
  return create(StatementSchema, {
    statementId: 12n,
    supplierId: 1n,
    supplierName: "Acme Energy",
    fileName: "acme-march.csv",
    status: StatementStatus.APPLIED,
    rowCount: 3,
    matched: 1,
    shortOver: 1,
    unmatched: 1,
    missing: 1,
    receivedTotal: "1234.56",
    appliedTotal: "1000.00",
    expectedTotal: "1100.00",
    missingTotal: "75.00",
    firstMonth: { year: 2026, month: 3, day: 1 },
    lastMonth: { year: 2026, month: 3, day: 1 },
    paymentMonth: 4,
    paymentYear: 2026,
    tolerancePercent: "2",
    importedBy: 1n,
    importedAt: { seconds: BigInt(Date.UTC(2026, 3, 2, 15) / 1000), nanos: 0 },
    ...fields,
  });
}

export function makeRow(fields: Init<typeof StatementRowSchema> = {}): StatementRow {
  return create(StatementRowSchema, {
    rowNumber: 1,
    line: {
      accountNumber: "0012-345",
      periodStart: { year: 2026, month: 3, day: 1 },
      periodEnd: { year: 2026, month: 3, day: 31 },
      usage: "12000",
      amount: "600.00",
    },
    bucket: StatementBucket.MATCHED,
    contractId: 501n,
    paymentId: 9001n,
    companyId: 77n,
    companyName: "Acme Foods",
    expected: "600.00",
    received: "600.00",
    difference: "0.00",
    month: { year: 2026, month: 3, day: 1 },
    ...fields,
  });
}

/** A matched row, a short one and an unmatched one with a suggestion, and a missing payment. */
export function makeStatementAnswer(statement: Statement = makeStatement()): ImportStatementResponse {
  return create(ImportStatementResponseSchema, {
    statement,
    rows: [
      makeRow(),
      makeRow({
        rowNumber: 2,
        line: { accountNumber: "555", usage: "8000", amount: "400.00", periodStart: { year: 2026, month: 3, day: 1 } },
        bucket: StatementBucket.SHORT_OVER,
        contractId: 502n,
        companyId: 78n,
        companyName: "Bolt Works",
        expected: "500.00",
        received: "400.00",
        difference: "-100.00",
        note: "Short by $100.00.",
      }),
      makeRow({
        rowNumber: 3,
        line: { accountNumber: "999", amount: "234.56", periodStart: { year: 2026, month: 3, day: 1 } },
        bucket: StatementBucket.UNMATCHED,
        contractId: 0n,
        paymentId: 0n,
        companyId: 0n,
        companyName: "",
        expected: "",
        difference: "",
        note: "No contract of this supplier covers account 999.",
        suggestions: [
          create(SuggestionSchema, {
            companyId: 79n,
            companyName: "Cobalt Mills",
            reason: "Name is like Cobalt Mill",
            contractId: 503n,
          }),
        ],
      }),
    ],
    missing: [
      create(MissingPaymentSchema, {
        paymentId: 9100n,
        contractId: 504n,
        companyId: 80n,
        companyName: "Delta Farms",
        month: { year: 2026, month: 3, day: 1 },
        expected: "75.00",
      }),
    ],
  });
}

/** ReadStatementFile's answer for a file with HEADERS: a suggestion, and a saved mapping when asked. */
export function makeReadAnswer(saved = false) {
  const suggested = create(ColumnMappingSchema, {
    accountNumber: "ESI ID",
    periodStart: "Start",
    periodEnd: "End",
    amount: "Commission",
    usage: "kWh",
  });
  return create(ReadStatementFileResponseSchema, {
    headers: HEADERS,
    sampleRows: [create(SampleRowSchema, { cells: ["0012-345", "03/01/2026", "03/31/2026", "", "12000", "600.00"] })],
    rowCount: 3,
    suggestedMapping: suggested,
    savedMapping: saved ? suggested : undefined,
  });
}

/** The statements client's calls as spies over the fakes above; `overrides` replace any. */
export function fakeStatementClient(overrides: Record<string, unknown> = {}) {
  return {
    listStatements: vi.fn(async () => ({ statements: [makeStatement()] })),
    getStatement: vi.fn(async () => makeStatementAnswer()),
    readStatementFile: vi.fn(async () => makeReadAnswer()),
    importStatement: vi.fn(async (req: { validateOnly: boolean }) =>
      makeStatementAnswer(makeStatement({ statementId: req.validateOnly ? 0n : 12n })),
    ),
    linkStatementRow: vi.fn(async () => ({ statement: makeStatement() })),
    revertStatement: vi.fn(async () => ({
      statement: makeStatement({ status: StatementStatus.REVERTED }),
      paymentsRestored: 2,
    })),
    getCommissionChase: vi.fn(async () => ({ lines: [] })),
    exportChaseExceptions: vi.fn(async () => ({
      fileName: "x.csv",
      contentType: "text/csv",
      content: new Uint8Array(),
    })),
    getStatementSummary: vi.fn(async () => ({
      unreconciledStatements: 2,
      missingPayments: 3,
      missingAmount: "1234.5",
    })),
    ...overrides,
  };
}

/** The supplier directory the screens pick from. */
export function fakeSuppliers() {
  return {
    listSuppliers: vi.fn(async () => ({
      suppliers: [makeSupplier(), makeSupplier({ supplierId: 2n, name: "Keystone Gas" })],
    })),
  };
}
