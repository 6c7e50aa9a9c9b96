import { describe, expect, it } from "vitest";

import { ProjectionBasis } from "../../gen/eris/contracts/v1/contracts_pb";
import { basisName, contractBasis, contractFactor } from "./projectionBasis";

describe("projection basis", () => {
  it("goes by the contract's own basis, whichever screen made it", () => {
    const amounts = { fee: "0.005", contractRate: "0.08125" };
    expect(contractFactor({ ...amounts, beta: false, projectionBasis: ProjectionBasis.RATE })).toBe("0.08125");
    expect(contractFactor({ ...amounts, beta: true, projectionBasis: ProjectionBasis.FEE })).toBe("0.005");
    // A contract without a basis reads as the server's migration set it: beta ones by rate.
    expect(contractBasis({ beta: true, projectionBasis: ProjectionBasis.UNSPECIFIED })).toBe(ProjectionBasis.RATE);
    expect(contractBasis({ beta: false, projectionBasis: ProjectionBasis.UNSPECIFIED })).toBe(ProjectionBasis.FEE);
    expect(basisName(ProjectionBasis.RATE)).toBe("rate");
    expect(basisName(ProjectionBasis.FEE)).toBe("fee");
  });
});
