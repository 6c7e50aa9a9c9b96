import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { AccountCommodity, AccountSchema, DrStatus, OpenState } from "../../gen/eris/crm/v1/accounts_pb";
import { keepTyped } from "../../lib/recordForm";
import {
  accountChanges,
  accountFormOf,
  editAccountForm,
  emptyAccountForm,
  newAccountInit,
  validateAccountForm,
} from "./accountForm";

const stored = create(AccountSchema, {
  accountId: 21n,
  companyId: 5n,
  version: 4n,
  name: "Plant 1",
  commodity: AccountCommodity.ELECTRIC,
  utilityId: 3n,
  plc: "150.50",
  taxExemptPercent: "50",
  openState: OpenState.OPEN,
  contractEndDate: { year: 2027, month: 3, day: 31 },
  isDr: true,
  drStatus: DrStatus.REGISTERED,
  drProviderSupplierId: 11n,
});

describe("account changes", () => {
  it("sends nothing when nothing changed, whatever the spelling", () => {
    const form = { ...accountFormOf(stored), plc: "150.5", name: " Plant 1 " };
    expect(accountChanges(stored, form).paths).toEqual([]);
  });

  it("sends only the changed fields, by their mask names, with the version read", () => {
    const form = { ...accountFormOf(stored), secondaryAccountNumber: "S-1", plc: "1,200", contractEndDate: "" };
    expect(accountChanges(stored, form)).toEqual({
      account: { accountId: 21n, version: 4n, secondaryAccountNumber: "S-1", contractEndDate: undefined, plc: "1200" },
      paths: ["secondary_account_number", "contract_end_date", "plc"],
      keys: ["secondaryAccountNumber", "contractEndDate", "plc"],
    });
  });

  it("clears the DR fields when IsDR is turned off", () => {
    const form = editAccountForm(accountFormOf(stored), "isDr", false);
    expect(accountChanges(stored, form).paths).toEqual(["is_dr", "dr_status", "dr_provider_supplier_id"]);
  });

  it("clears the utility, the supplier and the Electric-only fields when the commodity becomes Gas", () => {
    const form = editAccountForm(accountFormOf(stored), "commodity", AccountCommodity.GAS);
    expect(form).toMatchObject({ utilityId: "", supplierId: "", plc: "", isDr: false, drStatus: DrStatus.UNSPECIFIED });
  });

  it("keeps typed fields and takes the others from a fresh read", () => {
    const typed = { ...accountFormOf(stored), city: "Akron" };
    const fresh = create(AccountSchema, { ...stored, city: "Kettering", zip: "45429", version: 6n });
    const rebased = keepTyped(accountFormOf(fresh), typed, accountChanges(stored, typed).keys);
    expect(rebased).toMatchObject({ city: "Akron", zip: "45429" });
    expect(accountChanges(fresh, rebased).account).toEqual({
      accountId: 21n,
      version: 6n,
      city: "Akron",
    });
  });
});

describe("new accounts", () => {
  it("start Open and carry the Electric-only fields only for Electric", () => {
    const gas = { ...emptyAccountForm(), name: "Boiler", commodity: AccountCommodity.GAS, plc: "9" };
    const init = newAccountInit(gas, 5n);
    expect(init).toMatchObject({ companyId: 5n, name: "Boiler", openState: OpenState.OPEN });
    expect(init).not.toHaveProperty("plc");
    const electric = { ...gas, commodity: AccountCommodity.ELECTRIC };
    expect(newAccountInit(electric, 5n)).toMatchObject({ plc: "9", isDr: false });
    expect(newAccountInit(electric, 5n)).not.toHaveProperty("drStatus");
  });
});

describe("account form checks", () => {
  it("needs a site name and a commodity", () => {
    expect(validateAccountForm(emptyAccountForm())).toEqual({
      name: "A site name is required.",
      commodity: "Choose Electric or Gas.",
    });
  });

  it("takes a tax exempt percent from 0 to 100, numbers and MM/DD/YYYY dates", () => {
    const form = { ...accountFormOf(stored), taxExemptPercent: "100.5", nspl: "lots", contractEndDate: "2027-03-31" };
    expect(validateAccountForm(form)).toEqual({
      taxExemptPercent: "Enter a percent from 0 to 100.",
      nspl: "Enter a number, e.g. 1,250,000",
      contractEndDate: "Date Format Should be MM/DD/YYYY",
    });
    expect(validateAccountForm({ ...form, taxExemptPercent: "100", nspl: "", contractEndDate: "" })).toEqual({});
  });
});
