import { ProjectionBasis, type Contract } from "../../gen/eris/contracts/v1/contracts_pb";

/** What a contract's projected payments are computed from: its fee or its rate (spec 2 section 5). */

/**
 * A contract's projection basis, as the server keeps it. A contract always has one; should a
 * message come without it, it is read as the server's migration set it: the rate for contracts
 * made on the beta tab, the fee for the others.
 */
export function contractBasis(contract: Pick<Contract, "projectionBasis" | "beta">): ProjectionBasis {
  if (contract.projectionBasis === ProjectionBasis.FEE || contract.projectionBasis === ProjectionBasis.RATE) {
    return contract.projectionBasis;
  }
  return contract.beta ? ProjectionBasis.RATE : ProjectionBasis.FEE;
}

/** How the payment screens name a basis: "fee" or "rate". */
export type BasisName = "fee" | "rate";

export function basisName(basis: ProjectionBasis): BasisName {
  return basis === ProjectionBasis.RATE ? "rate" : "fee";
}

/**
 * The contract amount its basis multiplies by: the fee (FEE, the lead contracts screen's formula:
 * "usage x revenue split / 100 x contract fee") or the rate (RATE, the beta form's: "usage x
 * (split / 100) x contract rate, rounded to 2 decimals").
 */
export function projectionFactor(basis: ProjectionBasis, contract: { fee: string; contractRate: string }): string {
  return basis === ProjectionBasis.RATE ? contract.contractRate : contract.fee;
}

/** The factor of a contract by its own basis. */
export function contractFactor(contract: Pick<Contract, "projectionBasis" | "beta" | "fee" | "contractRate">): string {
  return projectionFactor(contractBasis(contract), contract);
}
