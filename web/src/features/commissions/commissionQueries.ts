import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type Client } from "@connectrpc/connect";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { useApi, type ApiClients } from "../../api/clients";
import {
  CommissionStatementService,
  type ImportStatementRequestSchema,
  type LinkStatementRowRequestSchema,
} from "../../gen/eris/contracts/v1/statements_pb";
import type { MonthKey } from "./commissionFormat";

/** Every query of these screens starts with this key. */
export const commissionsKey = ["commissions"] as const;

/**
 * The statements client: a test's fake when it set one, else made from the app's transport the first
 * time a Commissions screen needs it (the app's first script does not carry the service).
 */
export function statementClient(api: ApiClients): Client<typeof CommissionStatementService> {
  if (!api.statements) {
    if (!api.transport) {
      throw new Error("The API clients have no transport for the statements client");
    }
    api.statements = createClient(CommissionStatementService, api.transport);
  }
  return api.statements;
}

function useStatementClient() {
  return statementClient(useApi());
}

/** Statements, latest first, of one supplier (0n for all) and one service month (null for all). */
export function useStatements(supplierId: bigint, month: MonthKey | null) {
  const client = useStatementClient();
  return useQuery({
    queryKey: [...commissionsKey, "statements", String(supplierId), month ? `${month.year}-${month.month}` : ""],
    queryFn: async ({ signal }) =>
      (await client.listStatements({ supplierId, month: month ? { ...month, day: 1 } : undefined }, { signal }))
        .statements,
    placeholderData: keepPreviousData,
  });
}

/** One statement with its rows and the payments it left missing. */
export function useStatement(statementId: bigint) {
  const client = useStatementClient();
  return useQuery({
    queryKey: [...commissionsKey, "statement", String(statementId)],
    queryFn: ({ signal }) => client.getStatement({ statementId }, { signal }),
  });
}

/** A year's chase lines, of one supplier or all (0n). */
export function useCommissionChase(year: number, supplierId: bigint) {
  const client = useStatementClient();
  return useQuery({
    queryKey: [...commissionsKey, "chase", year, String(supplierId)],
    queryFn: async ({ signal }) => (await client.getCommissionChase({ year, supplierId }, { signal })).lines,
    placeholderData: keepPreviousData,
  });
}

/**
 * The dashboard's figures; not retried, since the line just stays hidden when they fail (as it does
 * where there is no statements client, e.g. a test of other dashboard parts).
 */
export function useStatementSummary() {
  const api = useApi();
  return useQuery({
    queryKey: [...commissionsKey, "summary"],
    queryFn: ({ signal }) => statementClient(api).getStatementSummary({}, { signal }),
    retry: false,
  });
}

/** Reads a chosen file's headers, first rows and the supplier's mappings; stores nothing. */
export function useReadStatementFile() {
  const client = useStatementClient();
  return useMutation({
    mutationFn: (request: { supplierId: bigint; fileName: string; content: Uint8Array }) =>
      client.readStatementFile(request),
  });
}

export type ImportRequest = Omit<MessageInitShape<typeof ImportStatementRequestSchema>, "$typeName">;
export type LinkRequest = Omit<MessageInitShape<typeof LinkStatementRowRequestSchema>, "$typeName">;

/**
 * After a statement is applied, linked or reverted, payments changed: every screen's data is read
 * again when next shown (those on show at once), the reports and payments included.
 */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** Previews (validateOnly) or imports and applies a statement. */
export function useImportStatement() {
  const client = useStatementClient();
  const refreshAll = useRefreshAll();
  return useMutation({
    mutationFn: (request: ImportRequest) => client.importStatement(request),
    onSuccess: (_answer, request) => (request.validateOnly ? undefined : refreshAll()),
  });
}

export function useLinkStatementRow() {
  const client = useStatementClient();
  const refreshAll = useRefreshAll();
  return useMutation({
    mutationFn: (request: LinkRequest) => client.linkStatementRow(request),
    onSuccess: refreshAll,
  });
}

export function useRevertStatement() {
  const client = useStatementClient();
  const refreshAll = useRefreshAll();
  return useMutation({
    mutationFn: (statementId: bigint) => client.revertStatement({ statementId }),
    onSuccess: refreshAll,
  });
}

/** The exceptions file of a supplier's month, as the server wrote it. */
export function useExportChaseExceptions() {
  const client = useStatementClient();
  return useMutation({
    mutationFn: (request: { supplierId: bigint; month: MonthKey; format: "csv" | "xlsx" }) =>
      client.exportChaseExceptions({ ...request, month: { ...request.month, day: 1 } }),
  });
}
