import { TeamRole } from "../../gen/eris/crm/v1/crm_pb";

/** The roles the mass update sets, in the order of its selects. */
export const MASS_UPDATE_ROLES = [TeamRole.ADMIN, TeamRole.CLOSER, TeamRole.ANALYST, TeamRole.INSIDE] as const;

export type MassUpdateRole = (typeof MASS_UPDATE_ROLES)[number];

/** A select's value: "" leaves the role alone, "reset" clears it, anything else is a user id. */
export const NO_CHANGE = "";
export const RESET = "reset";

export type MassUpdateChoices = Record<MassUpdateRole, string>;

export function noChanges(): MassUpdateChoices {
  return {
    [TeamRole.ADMIN]: NO_CHANGE,
    [TeamRole.CLOSER]: NO_CHANGE,
    [TeamRole.ANALYST]: NO_CHANGE,
    [TeamRole.INSIDE]: NO_CHANGE,
  };
}

/** The AssignTeams assignments of the choices: roles left at "(no change)" are not sent; RESET sends user 0. */
export function buildAssignments(choices: MassUpdateChoices): { role: TeamRole; userId: bigint }[] {
  return MASS_UPDATE_ROLES.flatMap((role) => {
    const choice = choices[role];
    if (choice === NO_CHANGE) {
      return [];
    }
    return [{ role, userId: choice === RESET ? 0n : BigInt(choice) }];
  });
}
