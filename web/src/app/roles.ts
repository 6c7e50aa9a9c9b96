import { Role, UserStatus } from "../gen/eris/identity/v1/identity_pb";

/** Role names as the spec writes them. */
export const ROLE_LABELS: Record<Role, string> = {
  [Role.UNSPECIFIED]: "",
  [Role.MANAGEMENT]: "Management",
  [Role.ADMIN]: "Admin",
  [Role.SALES]: "Sales",
  [Role.CUSTOMER_CARE]: "Customer Care",
};

/** The roles a user can be given, in the spec's order. */
export const ROLE_CHOICES: readonly Role[] = [Role.ADMIN, Role.SALES, Role.MANAGEMENT, Role.CUSTOMER_CARE];

export const STATUS_LABELS: Record<UserStatus, string> = {
  [UserStatus.UNSPECIFIED]: "",
  [UserStatus.ACTIVE]: "Active",
  [UserStatus.INACTIVE]: "Inactive",
};

export const STATUS_CHOICES: readonly UserStatus[] = [UserStatus.ACTIVE, UserStatus.INACTIVE];

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role] ?? "";
}

export function statusLabel(status: UserStatus): string {
  return STATUS_LABELS[status] ?? "";
}

/** Who may open the Admin screen (spec section 6). */
export const ADMIN_ROLES: readonly Role[] = [Role.MANAGEMENT];
/** Who may open Rate Types (spec section 6). */
export const RATE_TYPES_ROLES: readonly Role[] = [Role.MANAGEMENT, Role.ADMIN];
/** Who may open Commissions (issue 25: Customer Care reads, Sales has no access). */
export const COMMISSIONS_ROLES: readonly Role[] = [Role.MANAGEMENT, Role.ADMIN, Role.CUSTOMER_CARE];
/** Who may import, link and revert supplier statements (issue 25). */
export const COMMISSION_IMPORT_ROLES: readonly Role[] = [Role.MANAGEMENT, Role.ADMIN];
