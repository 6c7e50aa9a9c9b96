import type { ReactNode } from "react";

import { NonIdealState } from "@blueprintjs/core";
import { useLocation } from "react-router";

import type { Role } from "../../gen/eris/identity/v1/identity_pb";
import { decideShellRoute } from "../auth/guard";
import { useSessionState } from "../auth/SessionContext";
import { SHELL_TEXTS } from "./texts";

export interface RequireRoleProps {
  roles: readonly Role[];
  children: ReactNode;
}

/** Shows the page only to these roles; the server enforces the data rules regardless. */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const state = useSessionState();
  const { pathname } = useLocation();
  if (decideShellRoute(state, pathname, roles).kind === "forbidden") {
    return <NoAccess />;
  }
  return <>{children}</>;
}

export function NoAccess() {
  return <NonIdealState icon="lock" title={SHELL_TEXTS.noAccessTitle} description={SHELL_TEXTS.noAccess} />;
}
