import type { Role } from "../../gen/eris/identity/v1/identity_pb";
import type { SessionState } from "./session";

export const LOGIN_PATH = "/";
export const HOME_PATH = "/Dashboard";
export const SETTINGS_PATH = "/Settings";

export type GuardDecision =
  { kind: "wait" } | { kind: "render" } | { kind: "redirect"; to: string } | { kind: "forbidden" };

/** What a shell route shows for this session: the page, a redirect, or the no-access page. */
export function decideShellRoute(state: SessionState, path: string, roles?: readonly Role[]): GuardDecision {
  switch (state.status) {
    case "restoring":
      return { kind: "wait" };
    case "signedOut":
      return { kind: "redirect", to: LOGIN_PATH };
    case "signedIn":
      // A forced reset comes before anything else.
      if (state.user.forcePasswordReset && path.toLowerCase() !== SETTINGS_PATH.toLowerCase()) {
        return { kind: "redirect", to: SETTINGS_PATH };
      }
      if (roles && !roles.includes(state.user.role)) {
        return { kind: "forbidden" };
      }
      return { kind: "render" };
  }
}

/** What the public login route shows: the form, or where a signed-in user belongs. */
export function decideLoginRoute(state: SessionState): GuardDecision {
  switch (state.status) {
    case "restoring":
      return { kind: "wait" };
    case "signedOut":
      return { kind: "render" };
    case "signedIn":
      return { kind: "redirect", to: state.user.forcePasswordReset ? SETTINGS_PATH : HOME_PATH };
  }
}
