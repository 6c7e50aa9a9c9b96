import { create } from "@bufbuild/protobuf";

import { Role, UserSchema, type User } from "../../gen/eris/identity/v1/identity_pb";
import { useSessionState } from "./SessionContext";

const NOBODY = create(UserSchema);
const NO_FEATURES: readonly string[] = [];

/** The feature that shows the Contracts (BETA) tab. */
export const CONTRACTS_BETA_FEATURE = "contracts_beta";

export interface SessionUser {
  me: User;
  features: readonly string[];
  isSales: boolean;
  isManagement: boolean;
}

/** The signed-in user and what their role allows on the company screens (the server enforces it too). */
export function useSessionUser(): SessionUser {
  const state = useSessionState();
  const me = state.status === "signedIn" ? state.user : NOBODY;
  return {
    me,
    features: (state.status === "signedIn" && state.features) || NO_FEATURES,
    isSales: me.role === Role.SALES,
    isManagement: me.role === Role.MANAGEMENT,
  };
}
