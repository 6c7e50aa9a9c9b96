import {
  Button,
  Classes,
  Icon,
  KeyComboTag,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
} from "@blueprintjs/core";
import { Link } from "react-router";

import { InitialsAvatar } from "../../components/InitialsAvatar";
import { ACCOUNT_FINDER_PATH } from "../../lib/accountRoutes";
import { SETTINGS_PATH } from "../auth/guard";
import { SHELL_TEXTS } from "./texts";

const FINDER_LABEL_ID = "eris-finder-label";
const FINDER_COMBO_ID = "eris-finder-combo";

export interface TopBarProps {
  userName: string;
  onOpenSearch: () => void;
  /** Opens the Ctrl+K company finder. */
  onOpenFinder: () => void;
  onLogout: () => void;
}

/** Brand, the company finder and search, the account finder, the signed-in person, Settings and Logout. */
export function TopBar({ userName, onOpenSearch, onOpenFinder, onLogout }: TopBarProps) {
  return (
    <header>
      <Navbar className="eris-topbar" fixedToTop>
        <NavbarGroup align="left">
          <NavbarHeading className="eris-brand">{SHELL_TEXTS.brand}</NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="right">
          {/* Named by its purpose and the shortcut it shows ("Find a company ctrl + K"), so the name holds the visible text. */}
          <span id={FINDER_LABEL_ID} hidden>
            {SHELL_TEXTS.finder}
          </span>
          <Button
            variant="minimal"
            icon="search-template"
            aria-labelledby={`${FINDER_LABEL_ID} ${FINDER_COMBO_ID}`}
            title={SHELL_TEXTS.finderShortcut}
            endIcon={
              <span id={FINDER_COMBO_ID}>
                <KeyComboTag combo="mod+k" minimal />
              </span>
            }
            onClick={onOpenFinder}
          />
          <Button
            variant="minimal"
            icon="search"
            text={SHELL_TEXTS.companySearch}
            aria-label={SHELL_TEXTS.companySearch}
            onClick={onOpenSearch}
          />
          {/* The account finder has no menu entry (the spec's menu lists none): it is reached from here. */}
          <Link
            className={`${Classes.BUTTON} ${Classes.MINIMAL}`}
            to={ACCOUNT_FINDER_PATH}
            title={SHELL_TEXTS.accountSearchTitle}
          >
            <Icon icon="numerical" />
            <span className={Classes.BUTTON_TEXT}>{SHELL_TEXTS.accountSearch}</span>
          </Link>
          <NavbarDivider />
          <span className="eris-user">
            <InitialsAvatar name={userName} />
            <span className="eris-user-name" data-testid="user-name">
              {userName}
            </span>
          </span>
          <NavbarDivider />
          {/* A real link (not a button) styled as a minimal Blueprint button. */}
          <Link className={`${Classes.BUTTON} ${Classes.MINIMAL}`} to={SETTINGS_PATH}>
            <Icon icon="cog" />
            <span className={Classes.BUTTON_TEXT}>{SHELL_TEXTS.settings}</span>
          </Link>
          <Button variant="minimal" icon="log-out" text={SHELL_TEXTS.logout} onClick={onLogout} />
        </NavbarGroup>
      </Navbar>
    </header>
  );
}
