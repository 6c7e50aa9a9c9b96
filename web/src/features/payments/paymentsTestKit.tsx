import type { ReactElement } from "react";

import { render, waitFor } from "@testing-library/react";
import { expect } from "vitest";

import { AppProviders } from "../../app/App";
import { TOKEN_KEY } from "../../app/auth/tokenStore";
import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { signedInServices } from "../../test/renderApp";

/**
 * Renders a payment screen signed in as `me` over fake payment and contract services; resolves once
 * the session is signed in (so role-dependent parts are settled).
 */
export async function renderSignedIn(ui: ReactElement, me: User, api: { payments: unknown; contracts?: unknown }) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(me, [me]);
  Object.assign(services.api, api);
  const view = render(<AppProviders services={services}>{ui}</AppProviders>);
  await waitFor(() => expect(services.session.getState().status).toBe("signedIn"));
  return { ...view, services };
}
