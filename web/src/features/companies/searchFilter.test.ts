import { describe, expect, it } from "vitest";

import { PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { emptySearchValues, repUserIds, searchPlan } from "./searchFilter";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });
const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const sam = makeUser({ userId: 3n, name: "Sam Salesman", role: Role.SALES });
const users = [manager, sally, sam];

describe("search drawer filter", () => {
  it("matches the Rep text to user names, case-insensitively", () => {
    expect(repUserIds("sal", users)).toEqual([2n, 3n]);
    expect(repUserIds(" MIA ", users)).toEqual([1n]);
    expect(repUserIds("", users)).toEqual([]);
  });

  it("filters by the matching users' ids", () => {
    const plan = searchPlan({ ...emptySearchValues(), rep: "sally" }, users, manager);
    expect(plan).toMatchObject({ kind: "query", filter: { teamUserIds: [2n] } });
  });

  it("finds nothing without a call when the Rep text names nobody", () => {
    expect(searchPlan({ ...emptySearchValues(), rep: "nobody" }, users, manager)).toEqual({ kind: "none" });
  });

  it("locks a Sales user's Rep filter to themself", () => {
    const plan = searchPlan({ ...emptySearchValues(), rep: "mia" }, users, sally);
    expect(plan).toMatchObject({ kind: "query", filter: { teamUserIds: [2n] } });
  });

  it("sends names, statuses, usage without separators and date ranges", () => {
    const plan = searchPlan(
      {
        ...emptySearchValues(),
        name: " acm ",
        primaryElectric: [PrimaryStatus.PROSPECT],
        secondaryGas: ["Lost"],
        minKwh: "1,000",
        maxTherms: "2,500.5",
        electricEndFrom: "01/01/2026",
        electricAreas: [4n],
        electricUtilities: [4n, 5n],
      },
      users,
      manager,
    );
    expect(plan.kind).toBe("query");
    if (plan.kind !== "query") return;
    expect(plan.filter).toMatchObject({
      nameQuery: "acm",
      primaryElectricStatuses: [PrimaryStatus.PROSPECT],
      secondaryGasStatuses: ["Lost"],
      minElectricUsage: "1000",
      maxGasUsage: "2500.5",
      electricContractEndFrom: { year: 2026, month: 1, day: 1 },
      electricAreaUtilityIds: [4n, 5n],
    });
    expect(plan.filter.teamUserIds).toBeUndefined();
  });

  it("sends the start of an account number, trimmed, only when one is typed", () => {
    const plan = searchPlan({ ...emptySearchValues(), accountNumber: " 0012 " }, users, manager);
    expect(plan).toMatchObject({ kind: "query", filter: { accountNumber: "0012" } });
    const none = searchPlan({ ...emptySearchValues(), accountNumber: "  " }, users, manager);
    expect(none.kind === "query" && "accountNumber" in none.filter).toBe(false);
  });

  it("waits while a number or a date is half typed", () => {
    expect(searchPlan({ ...emptySearchValues(), minKwh: "abc" }, users, manager)).toEqual({ kind: "invalid" });
    expect(searchPlan({ ...emptySearchValues(), gasEndTo: "01/3" }, users, manager)).toEqual({ kind: "invalid" });
  });
});
