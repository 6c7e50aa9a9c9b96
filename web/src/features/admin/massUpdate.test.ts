import { describe, expect, it } from "vitest";

import { TeamRole } from "../../gen/eris/crm/v1/crm_pb";
import { buildAssignments, noChanges, RESET } from "./massUpdate";

describe("buildAssignments", () => {
  it("sends nothing when every role is left unchanged", () => {
    expect(buildAssignments(noChanges())).toEqual([]);
  });

  it("sends the chosen user of a role", () => {
    expect(buildAssignments({ ...noChanges(), [TeamRole.CLOSER]: "42" })).toEqual([
      { role: TeamRole.CLOSER, userId: 42n },
    ]);
  });

  it("sends user 0 for RESET, which clears the role", () => {
    expect(buildAssignments({ ...noChanges(), [TeamRole.INSIDE]: RESET })).toEqual([
      { role: TeamRole.INSIDE, userId: 0n },
    ]);
  });

  it("mixes users, resets and unchanged roles in the selects' order", () => {
    expect(
      buildAssignments({
        [TeamRole.ADMIN]: "7",
        [TeamRole.CLOSER]: RESET,
        [TeamRole.ANALYST]: "",
        [TeamRole.INSIDE]: "9007199254740993",
      }),
    ).toEqual([
      { role: TeamRole.ADMIN, userId: 7n },
      { role: TeamRole.CLOSER, userId: 0n },
      { role: TeamRole.INSIDE, userId: 9_007_199_254_740_993n },
    ]);
  });
});
