import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { Role, UserStatus } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { fakeServices, renderApp } from "../../test/renderApp";
import { ADMIN_TEXTS } from "./texts";

const flagged = makeUser({ userId: 1n, name: "Ann Flagged", email: "ann@eris.test", forcePasswordReset: true });
const normal = makeUser({ userId: 2n, name: "Bob Normal", email: "bob@eris.test", version: 4n });
/** An answer with a one-time password that expires at 4:30 PM in the business time zone (New York). */
const issued = (user = normal) => ({
  user,
  oneTimePassword: "h7Kp-2xQa-9mWz-4R",
  oneTimePasswordExpireTime: timestampFromDate(new Date("2026-01-15T21:30:00Z")),
});
const OTP = ADMIN_TEXTS.oneTimePassword;

function adminWith(users: Record<string, unknown> = {}) {
  window.localStorage.setItem(TOKEN_KEY, "tok");
  const listUsers = vi
    .fn()
    .mockResolvedValueOnce({ users: [flagged], nextPageToken: "p2" })
    .mockResolvedValue({ users: [normal], nextPageToken: "" });
  const services = fakeServices({
    auth: { getCurrentUser: vi.fn(async () => ({ user: makeUser({ role: Role.MANAGEMENT }) })) as never },
    users: { listUsers, ...users } as never,
  });
  renderApp("/Admin", services);
  return { services, listUsers };
}

async function row(name: string) {
  return (await screen.findByText(name)).closest("tr") as HTMLElement;
}

describe("admin users tab", () => {
  it("lists every page of users with the spec's columns", async () => {
    const { listUsers } = adminWith();
    await row("Bob Normal");
    expect(listUsers).toHaveBeenNthCalledWith(2, { pageSize: 500, pageToken: "p2" }, expect.anything());
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual(["Name", "Email", "Job", "Role", "Status", "Force PW Reset", "Actions"]);
  });

  it("offers Reset Password only to users not already flagged", async () => {
    adminWith();
    expect(within(await row("Ann Flagged")).queryByRole("button", { name: "Reset Password" })).toBeNull();
    expect(within(await row("Bob Normal")).getByRole("button", { name: "Reset Password" })).toBeTruthy();
  });

  it("asks a confirmation naming the user before resetting", async () => {
    const resetUserPassword = vi.fn(async () => issued());
    adminWith({ resetUserPassword });
    await userEvent.click(within(await row("Bob Normal")).getByRole("button", { name: "Reset Password" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Are you sure you want to reset the password for Bob Normal?")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(resetUserPassword).toHaveBeenCalledWith({ userId: 2n }));
  });

  it("adds a user without a status field", async () => {
    const createUser = vi.fn(async () => issued());
    adminWith({ createUser });
    await userEvent.click(await screen.findByRole("button", { name: ADMIN_TEXTS.addUser }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("Status")).toBeNull();
    expect(within(dialog).getByText(ADMIN_TEXTS.newUserNote)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Name/), "Carl New");
    await userEvent.type(within(dialog).getByLabelText(/Email/), "carl@eris.test");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), "Customer Care");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(createUser).toHaveBeenCalledWith({
        user: { name: "Carl New", email: "carl@eris.test", job: "", role: Role.CUSTOMER_CARE },
      }),
    );
  });

  it("shows the new user's one-time password once, to copy, with its expiry in business time", async () => {
    const user = userEvent.setup();
    const createUser = vi.fn(async () => issued(makeUser({ name: "Carl New" })));
    adminWith({ createUser });
    await user.click(await screen.findByRole("button", { name: ADMIN_TEXTS.addUser }));
    const add = await screen.findByRole("dialog");
    await user.type(within(add).getByLabelText(/Name/), "Carl New");
    await user.type(within(add).getByLabelText(/Email/), "carl@eris.test");
    await user.selectOptions(within(add).getByLabelText(/Role/), "Sales");
    await user.click(within(add).getByRole("button", { name: "Save" }));

    const dialog = await screen.findByRole("dialog", { name: OTP.title("Carl New") });
    const field = within(dialog).getByLabelText(OTP.label) as HTMLInputElement;
    expect(field.value).toBe("h7Kp-2xQa-9mWz-4R");
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)).toBe("h7Kp-2xQa-9mWz-4R");
    expect(within(dialog).getByText("Works once, until 01/15/2026 4:30 PM.")).toBeTruthy();
    expect(within(dialog).getByText(OTP.handOver)).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: OTP.copy }));
    expect(await navigator.clipboard.readText()).toBe("h7Kp-2xQa-9mWz-4R");
    expect(within(dialog).getByRole("button", { name: OTP.copied })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: OTP.done }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the one-time password after a reset, until Escape", async () => {
    const user = userEvent.setup();
    adminWith({ resetUserPassword: vi.fn(async () => issued()) });
    await user.click(within(await row("Bob Normal")).getByRole("button", { name: "Reset Password" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Reset Password" }));
    const dialog = await screen.findByRole("dialog", { name: OTP.title("Bob Normal") });
    expect((within(dialog).getByLabelText(OTP.label) as HTMLInputElement).value).toBe("h7Kp-2xQa-9mWz-4R");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: OTP.title("Bob Normal") })).toBeNull());
  });

  it("checks the e-mail as it is typed: its shape, and that no listed user has it", async () => {
    const createUser = vi.fn(async () => issued());
    adminWith({ createUser });
    await row("Bob Normal");
    await userEvent.click(screen.getByRole("button", { name: ADMIN_TEXTS.addUser }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/Name/), "Carl New");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), "Sales");
    const email = within(dialog).getByLabelText(/Email/);
    const save = within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    // Bob's address, typed in other case: said at once, and Save stays off.
    await userEvent.type(email, "BOB@eris.test");
    expect(within(dialog).getByText(ADMIN_TEXTS.emailTaken)).toBeTruthy();
    expect(save.disabled).toBe(true);
    await userEvent.clear(email);
    await userEvent.type(email, "carl@eris");
    expect(within(dialog).queryByText(ADMIN_TEXTS.emailFormat)).toBeNull();
    await userEvent.tab();
    expect(within(dialog).getByText(ADMIN_TEXTS.emailFormat)).toBeTruthy();
    expect(save.disabled).toBe(true);
    await userEvent.type(email, ".test");
    expect(within(dialog).queryByText(ADMIN_TEXTS.emailFormat)).toBeNull();
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    await waitFor(() =>
      expect(createUser).toHaveBeenCalledWith({
        user: { name: "Carl New", email: "carl@eris.test", job: "", role: Role.SALES },
      }),
    );
  });

  it("lets a user being edited keep their own e-mail", async () => {
    adminWith();
    await userEvent.click(within(await row("Bob Normal")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/Job/), "!");
    expect(within(dialog).queryByText(ADMIN_TEXTS.emailTaken)).toBeNull();
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("updates only the changed fields with the version read", async () => {
    const updateUser = vi.fn(async () => ({ user: normal }));
    adminWith({ updateUser });
    await userEvent.click(within(await row("Bob Normal")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.selectOptions(within(dialog).getByLabelText("Status"), "Inactive");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateUser).toHaveBeenCalledWith({
        user: { userId: 2n, version: 4n, status: UserStatus.INACTIVE },
        updateMask: { paths: ["status"] },
      }),
    );
  });

  it("shows the server's message and reloads the user after a stale write", async () => {
    const updateUser = vi.fn(async () => {
      throw new ConnectError("This user was changed by someone else.", Code.Aborted);
    });
    const getUser = vi.fn(async () => ({ user: { ...normal, job: "Changed Elsewhere", version: 5n } }));
    adminWith({ updateUser, getUser });
    await userEvent.click(within(await row("Bob Normal")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/Name/), "x");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This user was changed by someone else.")).toBeTruthy();
    expect(getUser).toHaveBeenCalledWith({ userId: 2n });
    expect((within(dialog).getByLabelText(/Job/) as HTMLInputElement).value).toBe("Changed Elsewhere");
  });
});
