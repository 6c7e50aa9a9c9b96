import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { AccountCommodity, AccountSchema, DrStatus, OpenState } from "../../gen/eris/crm/v1/accounts_pb";
import { SupplierSchema } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, UtilitySchema } from "../../gen/eris/sourcing/v1/utilities_pb";
import {
  accountsCsv,
  cellText,
  columnsFor,
  commodityFilterOf,
  directoriesOf,
  formatQuantity,
  type ColumnId,
} from "./accountColumns";
import { ACCOUNT_TEXTS } from "./texts";

const labels = (columns: ColumnId[]) => columns.map((column) => ACCOUNT_TEXTS.columns[column]);

const dirs = directoriesOf(
  [create(UtilitySchema, { utilityId: 3n, name: "PECO", state: "PA", commodity: Commodity.ELECTRIC })],
  [
    create(SupplierSchema, { supplierId: 8n, name: "Old Energy", commodity: Commodity.ELECTRIC, archived: true }),
    create(SupplierSchema, { supplierId: 9n, name: "CPower", commodity: Commodity.DR }),
  ],
);

const plant = create(AccountSchema, {
  accountId: 1n,
  name: "Plant 1",
  commodity: AccountCommodity.ELECTRIC,
  utilityId: 3n,
  supplierId: 8n,
  accountNumber: "0001",
  address: "12 Main St",
  city: "Dayton",
  state: "OH",
  zip: "45402",
  taxExemptPercent: "50",
  annualKwh: "1250000",
  plc: "123.456",
  loadFactor: "0.6523",
  openState: OpenState.OPEN,
  contractEndDate: { year: 2027, month: 3, day: 31 },
  isDr: true,
  drStatus: DrStatus.REGISTERED,
  drProviderSupplierId: 9n,
  summerRegisteredKw: "400",
});

describe("account columns", () => {
  it("lists the spec's Electric columns in order", () => {
    expect(labels(columnsFor("electric", true))).toEqual([
      "Actions",
      "Name",
      "Utility",
      "Account #",
      "Secondary #",
      "Rate Class",
      "Supplier",
      "Address",
      "Tax Exempt Status",
      "Annual kWh",
      "PLC",
      "NSPL",
      "Load Factor",
      "ContractEndDate",
      "Open State",
    ]);
  });

  it("adds Status, Provider and the registered kW for DR", () => {
    expect(labels(columnsFor("dr", true)).slice(-4)).toEqual([
      "Status",
      "Provider",
      "Summer Registered kW",
      "Winter Registered kW",
    ]);
    expect(columnsFor("dr", true)).toHaveLength(19);
  });

  it("uses Annual Therms for Gas and drops PLC, NSPL and Load Factor", () => {
    const gas = labels(columnsFor("gas", true));
    expect(gas).toContain("Annual Therms");
    expect(gas).not.toContain("Annual kWh");
    expect(gas).not.toContain("PLC");
    expect(gas).not.toContain("NSPL");
    expect(gas).not.toContain("Load Factor");
    expect(gas).toHaveLength(12);
  });

  it("shows both commodities' columns and the commodity for All", () => {
    const all = labels(columnsFor("all", true));
    expect(all.slice(0, 3)).toEqual(["Actions", "Name", "Commodity"]);
    expect(all).toEqual(expect.arrayContaining(["Annual kWh", "Annual Therms", "PLC", "NSPL", "Load Factor"]));
  });

  it("has no Actions column for Sales", () => {
    for (const filter of ["all", "electric", "gas", "dr"] as const) {
      expect(columnsFor(filter, false)).not.toContain("actions");
      expect(columnsFor(filter, false)).toHaveLength(columnsFor(filter, true).length - 1);
    }
  });

  it("reads the filter from the address", () => {
    expect(commodityFilterOf("gas")).toBe("gas");
    expect(commodityFilterOf("DR")).toBe("all");
    expect(commodityFilterOf(null)).toBe("all");
  });
});

describe("account cells", () => {
  it("names utilities and suppliers from the directories, archived suppliers too", () => {
    expect(cellText(plant, "utility", dirs)).toBe("PECO (PA)");
    expect(cellText(plant, "supplier", dirs)).toBe("Old Energy");
    expect(cellText(plant, "provider", dirs)).toBe("CPower");
  });

  it("formats numbers, percents, dates, states and the address", () => {
    expect(cellText(plant, "annualKwh", dirs)).toBe("1,250,000");
    expect(cellText(plant, "plc", dirs)).toBe("123.46");
    expect(cellText(plant, "summerKw", dirs)).toBe("400.00");
    expect(cellText(plant, "loadFactor", dirs)).toBe("0.6523");
    expect(cellText(plant, "taxExempt", dirs)).toBe("50%");
    expect(cellText(plant, "contractEndDate", dirs)).toBe("03/31/2027");
    expect(cellText(plant, "openState", dirs)).toBe("Open");
    expect(cellText(plant, "drStatus", dirs)).toBe("Registered");
    expect(cellText(plant, "commodity", dirs)).toBe("Electric (DR)");
    expect(cellText(plant, "address", dirs)).toBe("12 Main St, Dayton, OH 45402");
  });

  it("formats every number of a quantity alike: whole kWh and therms, kW to 2 decimals", () => {
    const plc = (value: string) => cellText(create(AccountSchema, { ...plant, plc: value }), "plc", dirs);
    // Not "153" above "65.50".
    expect(["153", "65.5", "0.125", "1999.995"].map(plc)).toEqual(["153.00", "65.50", "0.13", "2,000.00"]);
    const kwh = (value: string) => cellText(create(AccountSchema, { ...plant, annualKwh: value }), "annualKwh", dirs);
    expect(["864000", "1234.5", "1234.49", "0"].map(kwh)).toEqual(["864,000", "1,235", "1,234", "0"]);
    // The totals use the same rule as their column.
    expect(formatQuantity("153", "plc")).toBe(plc("153"));
    expect(formatQuantity("12345.5", "annualTherms")).toBe("12,346");
    expect(formatQuantity("", "plc")).toBe("");
    expect(formatQuantity("n/a", "plc")).toBe("n/a");
  });

  it("leaves Electric-only values blank on gas accounts", () => {
    const gas = create(AccountSchema, { ...plant, commodity: AccountCommodity.GAS, annualTherms: "900" });
    expect(cellText(gas, "plc", dirs)).toBe("");
    expect(cellText(gas, "annualKwh", dirs)).toBe("");
    expect(cellText(gas, "drStatus", dirs)).toBe("");
    expect(cellText(gas, "annualTherms", dirs)).toBe("900");
  });
});

describe("accounts export", () => {
  it("writes the filter's columns without Actions, raw numbers, for Excel", () => {
    const text = accountsCsv([plant], "electric", dirs);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      '"Name","Utility","Account #","Secondary #","Rate Class","Supplier","Address","Tax Exempt Status","Annual kWh","PLC","NSPL","Load Factor","ContractEndDate","Open State"',
    );
    expect(lines[1]).toBe(
      '"Plant 1","PECO (PA)","0001","","","Old Energy","12 Main St, Dayton, OH 45402","50%","1250000","123.456","","0.6523","03/31/2027","Open"',
    );
    expect(lines[2]).toBe("");
  });

  it("escapes quotes and keeps formulas from running", () => {
    const odd = create(AccountSchema, { ...plant, name: 'The "Big" Plant', accountNumber: "=1+2", rateClass: "-GS" });
    const row = accountsCsv([odd], "electric", dirs).split("\r\n")[1];
    expect(row.startsWith('"The ""Big"" Plant","PECO (PA)","\'=1+2","","\'-GS"')).toBe(true);
  });
});
