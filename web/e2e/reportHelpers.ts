import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import type { WallClock } from "../src/lib/businessTime";
import { createTestCompany, randomLetters, utilityNamed, type CrmApi } from "./crmHelpers";

/** A day as the proto dates carry it. */
export type Day = Pick<WallClock, "year" | "month" | "day">;

/** `days` after `from`, as a proto date. */
export function plusDays(from: Day, days: number): Day {
  const date = new Date(Date.UTC(from.year, from.month - 1, from.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The start of a one-month contract ending on `end`: the contracts service ends it the day before
 * the same day a month on (clamped to the month's last day), so the candidates are tried.
 */
export function oneMonthStartEndingOn(end: Day): Day {
  const key = (d: Day) => d.year * 10_000 + d.month * 100 + d.day;
  for (let back = 27; back <= 31; back++) {
    const start = plusDays(end, -back);
    const lastDay = new Date(Date.UTC(start.year, start.month + 1, 0)).getUTCDate();
    const next = new Date(Date.UTC(start.year, start.month, Math.min(start.day, lastDay)));
    const ends = plusDays({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, -1);
    if (key(ends) === key(end)) return start;
  }
  throw new Error("No one-month start ends on the day");
}

/**
 * A company with one Electric account and a contract with the first Electric supplier; `company`
 * sets the company's own fields (its team, for instance).
 */
export async function contractFor(
  api: CrmApi,
  name: string,
  fields: object,
  company: Omit<Parameters<typeof createTestCompany>[0], "name"> = {},
) {
  const peco = await utilityNamed("PECO", Commodity.ELECTRIC);
  const made = await createTestCompany({ ...company, name }, api);
  const { account } = await api.accounts.createAccount({
    account: {
      companyId: made.companyId,
      name: "Plant",
      commodity: AccountCommodity.ELECTRIC,
      utilityId: peco.utilityId,
      accountNumber: `E2E-${randomLetters(6)}`,
    },
  });
  const { suppliers } = await api.suppliers.listSuppliers({ commodity: Commodity.ELECTRIC });
  const supplier = suppliers.find((s) => !s.archived && s.commodity === Commodity.ELECTRIC);
  if (!account || !supplier) throw new Error("The demo data has no Electric supplier");
  const { contract } = await api.contracts.createContract({
    contract: {
      companyId: made.companyId,
      commodity: Commodity.ELECTRIC,
      utilityId: peco.utilityId,
      supplierId: supplier.supplierId,
      state: "PA",
      dateSigned: { year: 2025, month: 12, day: 15 },
      startDate: { year: 2026, month: 1, day: 1 },
      termMonths: 12,
      contractType: "New",
      contractRate: "0.0712",
      fee: "0.005",
      status: 0,
      accountIds: [account.accountId],
      ...fields,
    },
  });
  if (!contract) throw new Error("CreateContract answered without a contract");
  return { company: made, contract, supplier };
}

/**
 * A projected year that no payment uses yet (payments take 1900 to 2200; the far ones are drawn
 * from), so a report of that year shows only what the test adds.
 */
export async function unusedProjectedYear(api: CrmApi): Promise<number> {
  const { projectedYears } = await api.reports.listMarginOptions({});
  const used = new Set(projectedYears);
  const free = Array.from({ length: 101 }, (_, i) => 2100 + i).filter((year) => !used.has(year));
  if (free.length === 0) throw new Error("Every projected year from 2100 to 2200 is in use");
  return free[Math.floor(Math.random() * free.length)];
}
