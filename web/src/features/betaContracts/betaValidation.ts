import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { parseDateText } from "../../lib/dateText";
import { idsOf } from "../../lib/recordForm";
import type { BetaContractFields } from "./betaForm";
import { BETA_CONTRACT_ERRORS as E } from "./betaTexts";

const blank = (text: string) => text.trim() === "";
const isDate = (text: string) => parseDateText(text).kind === "date";
/** A term length is a whole number of months, at least 1. */
const isTerm = (text: string) => /^\d+$/.test(text.trim()) && Number(text.trim()) >= 1;
const isStatus = (text: string) => /^\d+$/.test(text.trim());

/**
 * Every message of the beta Add Contract form (spec 2 section 5) the fields fail, in the spec's
 * order; empty when the contract may be sent. An Affiliate counts for Inside Sales only where the
 * form shows it (not for DR); a date that is not a whole MM/DD/YYYY date is no date.
 */
export function betaContractErrors(fields: BetaContractFields): string[] {
  const errors: string[] = [];
  const { commodity } = fields;
  const isDr = commodity === Commodity.DR;
  const isSupply = commodity === Commodity.ELECTRIC || commodity === Commodity.GAS;
  const fail = (failed: boolean, message: string) => {
    if (failed) {
      errors.push(message);
    }
  };

  fail(!isDr && !isSupply, E.commodity);
  fail(blank(fields.insideSalesUserId) && (isDr || blank(fields.affiliate)), E.insideSales);
  fail(blank(fields.closer1UserId), E.closer1);
  fail(!isDate(fields.dateSigned), E.dateSigned);
  fail(!isDate(fields.startDate), E.startDate);
  fail(!isTerm(fields.termMonths), E.termLength);
  fail(!isStatus(fields.status), E.status);
  if (isDr) {
    fail(blank(fields.signedThrough), E.signedThrough);
    fail(blank(fields.providerSupplierId), E.provider);
    fail(blank(fields.capacityPercentage), E.capacity);
  }
  if (isSupply) {
    fail(blank(fields.analystUserId), E.analyst);
    fail(blank(fields.contractType), E.contractType);
    fail(blank(fields.supplierId), E.supplier);
    fail(blank(fields.contractRate), E.contractRate);
    fail(blank(fields.state), E.state);
    fail(blank(fields.fee), E.fee);
    fail(blank(fields.billingType), E.billingType);
  }
  fail(idsOf(fields.accountIds).length === 0, E.noAccounts);
  return errors;
}

/** The server's refusal of a contract: one message per line (CreateContract with beta). */
export function refusalLines(message: string): string[] {
  return message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}
