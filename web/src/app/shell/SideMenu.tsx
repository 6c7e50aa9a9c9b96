import { Button, Classes, Menu, MenuItem } from "@blueprintjs/core";
import { useLocation, useNavigate } from "react-router";

import type { Role } from "../../gen/eris/identity/v1/identity_pb";
import { menuEntriesFor } from "../menu";
import { SHELL_TEXTS } from "./texts";

export interface SideMenuProps {
  role: Role;
  collapsed: boolean;
  onToggle: () => void;
}

function isActive(pathname: string, path: string): boolean {
  const here = pathname.toLowerCase();
  const target = path.toLowerCase();
  // Company screens live under /LeadTabs and /Leads/...: they belong to Companies.
  if (target === "/leads" && here.startsWith("/leadtabs/")) {
    return true;
  }
  return here === target || here.startsWith(`${target}/`);
}

/**
 * The side menu: navigation, a list of links (not an ARIA menu, whose items would be menuitems),
 * the current page marked; collapsed (icons only, each link still named) until the person expands it.
 */
export function SideMenu({ role, collapsed, onToggle }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className={`eris-sidemenu ${collapsed ? "eris-sidemenu-collapsed" : ""}`} aria-label={SHELL_TEXTS.mainMenu}>
      <Button
        className="eris-sidemenu-toggle"
        variant="minimal"
        icon={collapsed ? "double-chevron-right" : "double-chevron-left"}
        aria-label={collapsed ? SHELL_TEXTS.expandMenu : SHELL_TEXTS.collapseMenu}
        title={collapsed ? SHELL_TEXTS.expandMenu : SHELL_TEXTS.collapseMenu}
        aria-expanded={!collapsed}
        onClick={onToggle}
      />
      <Menu className={Classes.FILL} role="list">
        {menuEntriesFor(role).map((entry) => (
          <MenuItem
            key={entry.path}
            roleStructure="listitem"
            icon={entry.icon}
            text={collapsed ? null : entry.title}
            htmlTitle={entry.title}
            aria-label={entry.title}
            href={entry.path}
            active={isActive(pathname, entry.path)}
            className={isActive(pathname, entry.path) ? "eris-menu-active" : undefined}
            aria-current={isActive(pathname, entry.path) ? "page" : undefined}
            onClick={(event) => {
              // A plain click stays in the app; modified clicks open a new tab as links do.
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
                return;
              }
              event.preventDefault();
              navigate(entry.path);
            }}
          />
        ))}
      </Menu>
    </nav>
  );
}
