import type { Account, AccountFilter } from "../gen/eris/crm/v1/accounts_pb";
import type { ApiClients } from "./clients";

/** The account reads shared by the screens that pick or export a company's accounts. */

/** The export reads the most accounts a page the server allows. */
export const EXPORT_PAGE_SIZE = 2000;

/** Every account query starts with this key, so one invalidation refreshes all. */
export const accountsKey = ["accounts"] as const;

/** Every account matching a filter and a search, read page by page (for the export). */
export async function fetchAllAccounts(
  api: ApiClients,
  request: { companyId: bigint; filter: AccountFilter; query: string },
  onProgress: (read: number, total: number) => void,
): Promise<Account[]> {
  const accounts: Account[] = [];
  let pageToken = "";
  do {
    const page = await api.accounts.listAccounts({ ...request, pageSize: EXPORT_PAGE_SIZE, pageToken });
    accounts.push(...page.accounts);
    onProgress(accounts.length, page.totalSize);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return accounts;
}
