import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { CallBankCompanyStatus, CallBankSchema, type CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import { CompanySchema, PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { renderApp, signedInServices } from "../../test/renderApp";
import { CALL_BANK_TEXTS } from "./texts";

const sally = makeUser({ userId: 2n, name: "Sally Sales", role: Role.SALES });
const bank = (closed: bigint, percent: number): CallBank =>
  create(CallBankSchema, {
    callBankId: 4n,
    name: "Spring Renewals",
    serviceType: "Contract Renewal",
    assigneeUserId: 2n,
    repType: "Closer",
    dueDate: { year: 2026, month: 4, day: 30 },
    companyCount: 2n,
    closedCount: closed,
    completionPercent: percent,
  });
const entry = (id: bigint, name: string) => ({
  companyId: id,
  status: CallBankCompanyStatus.OPEN,
  company: create(CompanySchema, {
    companyId: id,
    name,
    city: "Dayton",
    state: "OH",
    primaryElectricStatus: PrimaryStatus.PROSPECT,
    secondaryElectricStatuses: ["Hot Lead"],
    electricUsage: "1234567.5",
    closerUserId: 2n,
  }),
});

function open() {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const services = signedInServices(sally, [sally]);
  const listCallBankCompanies = vi.fn(async ({ pageToken }: { pageToken: string }) =>
    pageToken === ""
      ? { companies: [entry(10n, "Acme Foods")], nextPageToken: "p2", totalSize: 2n }
      : { companies: [entry(11n, "Bolt Metals")], nextPageToken: "", totalSize: 2n },
  );
  // The server's call bank: its counts change when a company is closed.
  let stored = bank(0n, 0);
  const updateCallBankCompany = vi.fn(async () => {
    stored = bank(1n, 50);
    return { callBank: stored };
  });
  Object.assign(services.api, {
    callBanks: {
      getCallBank: vi.fn(async () => ({ callBank: stored })),
      listCallBankCompanies,
      updateCallBankCompany,
    },
  });
  const { router } = renderApp("/callbanks/4/companies", services);
  return { listCallBankCompanies, updateCallBankCompany, router };
}

describe("call bank companies", () => {
  it("pages with the server's tokens, 10 a page, kept in the address, and goes back", async () => {
    const { listCallBankCompanies, router } = open();
    expect(await screen.findByText("Acme Foods")).toBeTruthy();
    expect(listCallBankCompanies).toHaveBeenCalledWith(
      { callBankId: 4n, includeCompany: true, pageSize: 10, pageToken: "" },
      expect.anything(),
    );
    expect(screen.getByRole("button", { name: CALL_BANK_TEXTS.previous }).hasAttribute("disabled")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: CALL_BANK_TEXTS.next }));
    expect(await screen.findByText("Bolt Metals")).toBeTruthy();
    expect(screen.getByRole("button", { name: CALL_BANK_TEXTS.next }).hasAttribute("disabled")).toBe(true);
    expect(router().location.search).toBe("?pt=p2");
    await userEvent.click(screen.getByRole("button", { name: CALL_BANK_TEXTS.previous }));
    expect(await screen.findByText("Acme Foods")).toBeTruthy();
  });

  it("closes a company in its detail dialog and shows the new completion", async () => {
    const { updateCallBankCompany } = open();
    expect((await screen.findByTestId("call-bank-completion")).textContent).toBe("0%");
    // The bar has a name a screen reader says (WCAG 4.1.2), beside the figure shown.
    expect(screen.getByRole("progressbar", { name: "Completion" }).getAttribute("aria-valuenow")).toBe("0");
    await userEvent.click(await screen.findByText("Acme Foods"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Prospect (Hot Lead)")).toBeTruthy();
    expect(within(dialog).getByText("1,234,567.50")).toBeTruthy();
    expect(within(dialog).getByText("Sally Sales")).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText("Closed"));
    await waitFor(() =>
      expect(updateCallBankCompany).toHaveBeenCalledWith({
        callBankId: 4n,
        companyId: 10n,
        status: CallBankCompanyStatus.CLOSED,
      }),
    );
    await waitFor(() => expect(screen.getByTestId("call-bank-completion").textContent).toBe("50%"));
  });

  it("links the detail dialog to the company", async () => {
    const { router } = open();
    await userEvent.click(await screen.findByText("Acme Foods"));
    const dialog = await screen.findByRole("dialog");
    const link = within(dialog).getByRole("link", { name: CALL_BANK_TEXTS.openCompany });
    expect(link.getAttribute("href")).toBe("/LeadTabs/10/details");
    await userEvent.click(link);
    expect(router().location.pathname).toBe("/LeadTabs/10/details");
  });
});
