import { describe, expect, it } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { ADMIN_ROLES, RATE_TYPES_ROLES } from "../roles";
import { decideLoginRoute, decideShellRoute } from "./guard";
import type { SessionState } from "./session";

const signedIn = (role: Role, forcePasswordReset = false): SessionState => ({
  status: "signedIn",
  user: makeUser({ role, forcePasswordReset }),
});

describe("shell route guard", () => {
  it("waits while a stored token is being checked", () => {
    expect(decideShellRoute({ status: "restoring" }, "/Dashboard")).toEqual({ kind: "wait" });
  });

  it("sends signed-out visitors to the login page", () => {
    expect(decideShellRoute({ status: "signedOut" }, "/Dashboard")).toEqual({ kind: "redirect", to: "/" });
    expect(decideShellRoute({ status: "signedOut" }, "/Admin", ADMIN_ROLES)).toEqual({ kind: "redirect", to: "/" });
  });

  it("renders shell routes for a signed-in user", () => {
    expect(decideShellRoute(signedIn(Role.SALES), "/Leads")).toEqual({ kind: "render" });
  });

  it("sends a user with a forced reset to Settings from every other route", () => {
    const state = signedIn(Role.MANAGEMENT, true);
    expect(decideShellRoute(state, "/Dashboard")).toEqual({ kind: "redirect", to: "/Settings" });
    expect(decideShellRoute(state, "/Admin", ADMIN_ROLES)).toEqual({ kind: "redirect", to: "/Settings" });
    expect(decideShellRoute(state, "/Settings")).toEqual({ kind: "render" });
  });

  it("lets only Management into Admin", () => {
    expect(decideShellRoute(signedIn(Role.MANAGEMENT), "/Admin", ADMIN_ROLES)).toEqual({ kind: "render" });
    for (const role of [Role.ADMIN, Role.SALES, Role.CUSTOMER_CARE]) {
      expect(decideShellRoute(signedIn(role), "/Admin", ADMIN_ROLES)).toEqual({ kind: "forbidden" });
    }
  });

  it("lets Management and Admin into Rate Types", () => {
    expect(decideShellRoute(signedIn(Role.MANAGEMENT), "/RateTypes", RATE_TYPES_ROLES)).toEqual({ kind: "render" });
    expect(decideShellRoute(signedIn(Role.ADMIN), "/RateTypes", RATE_TYPES_ROLES)).toEqual({ kind: "render" });
    expect(decideShellRoute(signedIn(Role.SALES), "/RateTypes", RATE_TYPES_ROLES)).toEqual({ kind: "forbidden" });
    expect(decideShellRoute(signedIn(Role.CUSTOMER_CARE), "/RateTypes", RATE_TYPES_ROLES)).toEqual({
      kind: "forbidden",
    });
  });
});

describe("login route guard", () => {
  it("shows the form when signed out", () => {
    expect(decideLoginRoute({ status: "signedOut" })).toEqual({ kind: "render" });
  });

  it("sends a signed-in user to the Dashboard, or to Settings during a forced reset", () => {
    expect(decideLoginRoute(signedIn(Role.SALES))).toEqual({ kind: "redirect", to: "/Dashboard" });
    expect(decideLoginRoute(signedIn(Role.SALES, true))).toEqual({ kind: "redirect", to: "/Settings" });
  });

  it("waits while restoring", () => {
    expect(decideLoginRoute({ status: "restoring" })).toEqual({ kind: "wait" });
  });
});
