import { NonIdealState } from "@blueprintjs/core";
import { Link } from "react-router";

import { HOME_PATH } from "../auth/guard";
import { SHELL_TEXTS } from "./texts";

/** The 404 page for addresses the app does not know. */
export function NotFound() {
  return (
    <NonIdealState
      icon="search"
      title={SHELL_TEXTS.notFoundTitle}
      description={SHELL_TEXTS.notFoundBody}
      action={<Link to={HOME_PATH}>{SHELL_TEXTS.backToDashboard}</Link>}
    />
  );
}
