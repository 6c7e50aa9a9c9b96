import { screen, waitFor } from "@testing-library/react";

import { AccountCommodity } from "../gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../gen/eris/sourcing/v1/utilities_pb";
import { makeAccount } from "./accountFakes";
import { makeSupplier, makeUtility } from "./sourcingFakes";

export const utilities = [
  makeUtility({ utilityId: 3n, name: "PECO", state: "PA", commodity: Commodity.ELECTRIC }),
  makeUtility({ utilityId: 7n, name: "PPL", state: "PA", commodity: Commodity.ELECTRIC }),
  makeUtility({ utilityId: 4n, name: "PECO Gas", state: "PA", commodity: Commodity.GAS }),
  makeUtility({ utilityId: 6n, name: "Columbia Gas", state: "PA", commodity: Commodity.GAS }),
  makeUtility({ utilityId: 13n, name: "PJM", state: "PA", commodity: Commodity.DR }),
];

export const suppliers = [
  makeSupplier({ supplierId: 8n, name: "Constellation", commodity: Commodity.ELECTRIC }),
  makeSupplier({ supplierId: 9n, name: "Old Energy", commodity: Commodity.ELECTRIC, archived: true }),
  makeSupplier({ supplierId: 10n, name: "Gas Direct", commodity: Commodity.GAS }),
  makeSupplier({ supplierId: 11n, name: "CPower", commodity: Commodity.DR }),
  makeSupplier({ supplierId: 12n, name: "Volt Power", commodity: Commodity.ELECTRIC }),
];

/** The table row of a contract, once listed (in the table of that name). */
export function contractRow(contractId: bigint, tableName = "Contracts"): Promise<HTMLElement> {
  return waitFor(() => {
    const table = screen.getByRole("table", { name: tableName });
    const row = table.querySelector(`tr[data-contract-id="${contractId}"]`);
    if (!row) {
      throw new Error(`No row of contract ${contractId} yet`);
    }
    return row as HTMLElement;
  });
}

/** Two Electric accounts at different utilities and suppliers, and a Gas one. */
export const plant = makeAccount({
  accountId: 21n,
  name: "Plant 1",
  accountNumber: "0001",
  utilityId: 3n,
  supplierId: 8n,
});

export const plant2 = makeAccount({
  accountId: 23n,
  name: "Plant 2",
  accountNumber: "0002",
  utilityId: 7n,
  supplierId: 12n,
});

export const boiler = makeAccount({
  accountId: 22n,
  name: "Boiler House",
  commodity: AccountCommodity.GAS,
  accountNumber: "G-77",
  utilityId: 6n,
  supplierId: 10n,
  annualKwh: "",
  annualTherms: "12000",
});
