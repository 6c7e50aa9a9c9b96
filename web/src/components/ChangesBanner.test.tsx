import { create } from "@bufbuild/protobuf";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { ChangeFeedContext, ChangeListeners } from "../api/changeFeed";
import { ChangeSchema } from "../gen/eris/reporting/v1/changes_pb";
import { ChangesBanner } from "./ChangesBanner";

const ME = 1n;
const byColleague = create(ChangeSchema, {
  kind: "contract.payment_updated",
  companyId: 5n,
  contractId: 9n,
  userId: 2n,
});
const byMe = create(ChangeSchema, { kind: "contract.payment_updated", companyId: 5n, contractId: 9n, userId: ME });
const directory = create(ChangeSchema, { kind: "supplier.updated", recordId: 3n, userId: 2n });

function setUp() {
  const listeners = new ChangeListeners();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(["reports", "marginRows"], []);
  render(
    <QueryClientProvider client={queryClient}>
      <ChangeFeedContext.Provider value={{ listeners, userId: ME }}>
        <ChangesBanner />
      </ChangeFeedContext.Provider>
    </QueryClientProvider>,
  );
  return { listeners, queryClient };
}

describe("ChangesBanner", () => {
  it("counts colleagues' changes to companies' records, never the reader's own or the directory's", () => {
    const { listeners } = setUp();
    expect(screen.queryByRole("status")).toBeNull();
    act(() => listeners.emit({ changes: [byMe, directory], missed: false }));
    expect(screen.queryByRole("status")).toBeNull();
    act(() => listeners.emit({ changes: [byColleague], missed: false }));
    expect(screen.getByRole("status").textContent).toContain("1 change since you opened this");
    act(() => listeners.emit({ changes: [byColleague, byColleague], missed: false }));
    expect(screen.getByRole("status").textContent).toContain("3 changes since you opened this");
  });

  it("says changes may have been missed after a reconnection", () => {
    const { listeners } = setUp();
    act(() => listeners.emit({ changes: [], missed: true }));
    expect(screen.getByRole("status").textContent).toContain("Changes may have been made since you opened this");
  });

  it("reads the report again on Refresh and starts counting afresh", async () => {
    const { listeners, queryClient } = setUp();
    act(() => listeners.emit({ changes: [byColleague], missed: false }));
    await userEvent.click(screen.getByRole("button", { name: /^Refresh/ }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(queryClient.getQueryState(["reports", "marginRows"])?.isInvalidated).toBe(true);
  });
});
