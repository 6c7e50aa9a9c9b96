import { Role } from "../gen/eris/identity/v1/identity_pb";
import { useSessionState } from "./auth/SessionContext";

/** Who changes suppliers, utilities and rate types (spec section 6); the server enforces it too. */
export const SOURCING_EDIT_ROLES: readonly Role[] = [Role.MANAGEMENT, Role.ADMIN];

export interface SourcingAccess {
  /** Add, edit and delete suppliers, contacts, utilities, rate codes and rate types. */
  canChange: boolean;
  /**
   * Open a supplier's contacts and a utility's rate codes: editors, and Customer Care read-only.
   * Sales do not see them (spec section 6).
   */
  canSeeDetails: boolean;
}

/** What the signed-in user may do on the Suppliers, Utilities and Rate Types screens. */
export function useSourcingAccess(): SourcingAccess {
  const state = useSessionState();
  const role = state.status === "signedIn" ? state.user.role : Role.UNSPECIFIED;
  const canChange = SOURCING_EDIT_ROLES.includes(role);
  return { canChange, canSeeDetails: canChange || role === Role.CUSTOMER_CARE };
}
