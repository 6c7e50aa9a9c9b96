import { formatDate } from "../../lib/dateText";
import { commodityLabel } from "../../lib/commodity";
import type { Date as CalendarDate } from "../../gen/eris/common/v1/date_pb";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import type { Account } from "../../gen/eris/crm/v1/accounts_pb";
import type { User } from "../../gen/eris/identity/v1/identity_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { formatMoney, formatRate, formatVolume } from "../../lib/records/contractFormat";
import { statusLabel } from "../../lib/records/contractTexts";
import { BETA_TEXTS, FIELD_LABELS as L } from "./betaTexts";

/** A start month as MM/YYYY. */
export function monthText(date: CalendarDate | undefined): string {
  const full = formatDate(date);
  return full ? `${full.slice(0, 2)}/${full.slice(6)}` : "";
}

/** The names of what a contract refers to by id. */
export interface Lookups {
  users?: readonly User[];
  utilities?: readonly Utility[];
  suppliers?: readonly Supplier[];
  accounts?: readonly Account[];
}

function userName(lookups: Lookups, id: bigint): string {
  if (id === 0n) {
    return "";
  }
  return lookups.users?.find((u) => u.userId === id)?.name ?? BETA_TEXTS.unknownUser(id);
}

export function supplierText(lookups: Lookups, id: bigint): string {
  if (id === 0n) {
    return "";
  }
  return lookups.suppliers?.find((s) => s.supplierId === id)?.name ?? BETA_TEXTS.unknownSupplier(id);
}

export function utilityText(lookups: Lookups, id: bigint): string {
  if (id === 0n) {
    return "";
  }
  const utility = lookups.utilities?.find((u) => u.utilityId === id);
  if (!utility) {
    return BETA_TEXTS.unknownUtility(id);
  }
  return utility.state ? `${utility.name} (${utility.state})` : utility.name;
}

/** The texts of a contract row's cells, by column. */
export function rowCells(contract: Contract, lookups: Lookups) {
  return {
    status: statusLabel(contract.status),
    dateSigned: formatDate(contract.dateSigned),
    commodity: commodityLabel(contract.commodity),
    utility: utilityText(lookups, contract.utilityId),
    contractType: contract.contractType,
    supplier: supplierText(lookups, contract.supplierId),
    startDate: formatDate(contract.startDate),
    termLength: contract.termMonths === 0 ? "" : String(contract.termMonths),
    endDate: formatDate(contract.endDate),
    rate: formatRate(contract.contractRate),
    fee: formatRate(contract.fee),
  };
}

export type RowColumn = keyof ReturnType<typeof rowCells>;

/** The contract's other fields, as an expanded row lists them (label, text); DR lists its own. */
export function detailPairs(contract: Contract, lookups: Lookups): [string, string][] {
  const d = BETA_TEXTS.details;
  const isDr = contract.commodity === Commodity.DR;
  const pairs: [string, string][] = [
    [L.insideSalesUserId, userName(lookups, contract.insideSalesUserId)],
    [L.closer1UserId, userName(lookups, contract.closer1UserId)],
    [L.closer2UserId, userName(lookups, contract.closer2UserId)],
    [L.analystUserId, userName(lookups, contract.analystUserId)],
    [L.supportAnalyst1UserId, userName(lookups, contract.supportAnalyst1UserId)],
    [L.supportAnalyst2UserId, userName(lookups, contract.supportAnalyst2UserId)],
  ];
  if (!isDr) {
    pairs.push([L.affiliate, contract.affiliate]);
  }
  pairs.push([L.state, contract.state]);
  if (isDr) {
    pairs.push(
      [L.signedThrough, contract.signedThrough],
      [L.providerSupplierId, supplierText(lookups, contract.providerSupplierId)],
      [L.capacityPercentage, contract.capacityPercentage],
      [L.energyPercentage, contract.energyPercentage],
      [L.jmiPercentage, contract.jmiPercentage],
    );
  }
  pairs.push(
    [L.pricingType, contract.pricingType],
    [L.rateType, contract.rateType],
    [L.billingType, contract.billingType],
    [L.taxExempt, contract.taxExempt],
    [L.greenPower, contract.greenPower ? d.yes : d.no],
    [L.paymentSchedule, contract.paymentSchedule],
    [L.revenueSplit, contract.revenueSplit],
    [d.annualVolume, formatVolume(contract.annualVolume)],
    [d.termVolume, formatVolume(contract.termVolume)],
  );
  if (!isDr) {
    pairs.push(
      [d.annualRevenue, formatMoney(contract.annualFeeTotal)],
      [d.termRevenue, formatMoney(contract.termFeeTotal)],
    );
  }
  pairs.push([d.beta, contract.beta ? d.yes : d.no], [L.notes, contract.notes]);
  return pairs;
}

/** The contract's accounts by site name and number; ids the company no longer lists are named by id. */
export function accountTexts(contract: Contract, accounts: readonly Account[] | undefined): string[] {
  return contract.accountIds.map((id) => {
    const account = accounts?.find((a) => a.accountId === id);
    return account ? [account.name, account.accountNumber].filter(Boolean).join(" — ") : BETA_TEXTS.unknownAccount(id);
  });
}
