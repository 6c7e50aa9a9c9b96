import type { IconName } from "@blueprintjs/icons";

import type { Role } from "../gen/eris/identity/v1/identity_pb";
import { ADMIN_ROLES, COMMISSIONS_ROLES, RATE_TYPES_ROLES } from "./roles";

export interface MenuEntry {
  title: string;
  path: string;
  icon: IconName;
  /** Only these roles see the entry; everyone when absent. */
  roles?: readonly Role[];
}

/** The side menu, in the spec's order (section 2 of the overview). */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { title: "Dashboard", path: "/Dashboard", icon: "dashboard" },
  { title: "Companies", path: "/Leads", icon: "office" },
  { title: "Contracts", path: "/Contracts", icon: "document" },
  { title: "RFP", path: "/RFP", icon: "send-message" },
  { title: "Suppliers", path: "/Suppliers", icon: "shop" },
  { title: "Utilities", path: "/Utilities", icon: "lightning" },
  { title: "Reports", path: "/Reports", icon: "timeline-bar-chart" },
  { title: "Commissions", path: "/Commissions", icon: "bank-account", roles: COMMISSIONS_ROLES },
  { title: "Settings", path: "/Settings", icon: "cog" },
  { title: "Admin", path: "/Admin", icon: "shield", roles: ADMIN_ROLES },
  { title: "Rate Types", path: "/RateTypes", icon: "percentage", roles: RATE_TYPES_ROLES },
];

/** The entries a user with this role sees. */
export function menuEntriesFor(role: Role): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => !entry.roles || entry.roles.includes(role));
}
