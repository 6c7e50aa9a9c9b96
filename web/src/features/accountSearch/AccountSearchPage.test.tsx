import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { AccountCommodity, AccountMatchSchema, type SearchAccountsRequest } from "../../gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { manager } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeUtility } from "../../test/sourcingFakes";
import { ACCOUNT_SEARCH_TEXTS } from "./texts";

const match = (companyId: bigint, companyName: string, accountId: bigint, name: string, number: string) =>
  create(AccountMatchSchema, {
    companyName,
    account: {
      accountId,
      companyId,
      name,
      accountNumber: number,
      utilityId: 3n,
      commodity: accountId % 2n === 0n ? AccountCommodity.GAS : AccountCommodity.ELECTRIC,
    },
  });

const first = [match(5n, "Acme Foods", 1n, "Main Plant", "1200-001"), match(6n, "Bolt Metals", 2n, "Yard", "1200-002")];
const second = [match(7n, "Cedar Farms", 3n, "Barn", "1200-003")];

function openFinder(path = "/Accounts", searchAccounts?: (req: SearchAccountsRequest) => Promise<unknown>) {
  const search = vi.fn(
    searchAccounts ??
      (async (req: SearchAccountsRequest) =>
        req.pageToken === "" ? { matches: first, nextPageToken: "p2" } : { matches: second, nextPageToken: "" }),
  );
  const view = openApp(path, manager, {
    accounts: { searchAccounts: search },
    companies: { getCompany: vi.fn(async () => ({ company: { companyId: 6n, name: "Bolt Metals" } })) },
    utilities: {
      listUtilities: async () => ({
        utilities: [makeUtility({ utilityId: 3n, name: "PECO", state: "PA", commodity: Commodity.ELECTRIC })],
      }),
    },
  });
  return { ...view, search };
}

const searchBox = () => screen.getByLabelText(ACCOUNT_SEARCH_TEXTS.search) as HTMLInputElement;

describe("account finder page", () => {
  it("waits for 2 characters, then searches after a pause and keeps the text in the address", async () => {
    const { search, router } = openFinder();
    await screen.findByText(ACCOUNT_SEARCH_TEXTS.hint);
    await userEvent.type(searchBox(), "1");
    expect(screen.getByText(ACCOUNT_SEARCH_TEXTS.hint)).toBeTruthy();
    await userEvent.type(searchBox(), "2");
    expect(router().location.search).toBe("?search=12");
    await screen.findByText("Acme Foods");
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ query: "12", pageSize: 50, pageToken: "" }, expect.anything());
  });

  it("searches at once for the text in the address (a reload or a shared link)", async () => {
    const { search } = openFinder("/Accounts?search=main");
    await screen.findByText("Acme Foods");
    expect(searchBox().value).toBe("main");
    expect(search).toHaveBeenCalledWith({ query: "main", pageSize: 50, pageToken: "" }, expect.anything());
  });

  it("shows company, site, number, utility and commodity, each linking to the company's accounts tab", async () => {
    openFinder("/Accounts?search=1200");
    const row = (await screen.findByText("Acme Foods")).closest("tr") as HTMLElement;
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Company",
      "Site Name",
      "Account #",
      "Utility",
      "Commodity",
    ]);
    expect(within(row).getByText("Main Plant")).toBeTruthy();
    expect(within(row).getByText("1200-001")).toBeTruthy();
    expect(await within(row).findByText("PECO (PA)")).toBeTruthy();
    expect(within(row).getByText("Electric")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe(
      "/LeadTabs/5/accounts?search=1200-001",
    );
  });

  it("walks the results with the arrow keys and opens one with Enter", async () => {
    const { router } = openFinder("/Accounts?search=1200");
    await screen.findByText("Bolt Metals");
    const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;
    searchBox().focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(rowOf("Acme Foods").getAttribute("aria-selected")).toBe("true");
    expect(searchBox().getAttribute("aria-activedescendant")).toBe(rowOf("Acme Foods").id);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}");
    expect(rowOf("Bolt Metals").getAttribute("aria-selected")).toBe("true");
    expect(rowOf("Acme Foods").getAttribute("aria-selected")).toBe("false");
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(router().location.pathname).toBe("/LeadTabs/6/accounts"));
    expect(router().location.search).toBe("?search=1200-002");
  });

  it("loads more matches with the next page token", async () => {
    const { search } = openFinder("/Accounts?search=1200");
    await screen.findByText("Bolt Metals");
    await userEvent.click(screen.getByRole("button", { name: ACCOUNT_SEARCH_TEXTS.loadMore }));
    await screen.findByText("Cedar Farms");
    expect(search).toHaveBeenLastCalledWith({ query: "1200", pageSize: 50, pageToken: "p2" }, expect.anything());
    expect(screen.getByText("Acme Foods")).toBeTruthy();
    expect(screen.queryByRole("button", { name: ACCOUNT_SEARCH_TEXTS.loadMore })).toBeNull();
  });

  it("says when nothing matches, and when the search fails", async () => {
    const empty = openFinder("/Accounts?search=zz", async () => ({ matches: [], nextPageToken: "" }));
    expect(await screen.findByText(ACCOUNT_SEARCH_TEXTS.noMatch)).toBeTruthy();
    empty.unmount();
    openFinder("/Accounts?search=zz", async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    expect((await screen.findAllByText("error fetching accounts")).length).toBeGreaterThan(0);
  });
});
