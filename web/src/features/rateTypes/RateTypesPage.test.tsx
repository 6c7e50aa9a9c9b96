import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { RateTypeSchema, type RateType } from "../../gen/eris/sourcing/v1/rate_types_pb";
import { spyToasts } from "../../test/fakes";
import { openAs } from "../../test/sourcingFakes";
import { RATE_TYPE_TEXTS } from "./texts";

const T = RATE_TYPE_TEXTS;
const named = (name: string) => create(RateTypeSchema, { name });

/** Rate Types for `role`, over a fake server whose list follows the adds and deletes. */
function open(role = Role.MANAGEMENT, calls: Record<string, unknown> = {}) {
  let stored: RateType[] = [named("Fixed"), named("Index")];
  const listRateTypes = vi.fn(async () => ({ rateTypes: stored }));
  const createRateType = vi.fn(async ({ rateType }: { rateType: { name: string } }) => {
    stored = [...stored, named(rateType.name)];
    return { rateType: named(rateType.name) };
  });
  const deleteRateType = vi.fn(async ({ name }: { name: string }) => {
    stored = stored.filter((r) => r.name !== name);
    return {};
  });
  openAs(role, "/RateTypes", { rateTypes: { listRateTypes, createRateType, deleteRateType, ...calls } });
  return { listRateTypes, createRateType, deleteRateType };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("rate types", () => {
  it("lists the rate types and adds one with Enter", async () => {
    const toasts = spyToasts();
    const { createRateType } = open(Role.ADMIN);
    expect(await screen.findByText("Fixed")).toBeTruthy();
    const table = screen.getByRole("table", { name: T.rateTypes });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Name", "Actions"]);
    const input = screen.getByLabelText(T.newRateType) as HTMLInputElement;
    expect((screen.getByRole("button", { name: T.add }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(input, " Block & Index {Enter}");
    await waitFor(() => expect(createRateType).toHaveBeenCalledWith({ rateType: { name: "Block & Index" } }));
    expect(toasts.success).toHaveBeenCalledWith("RateType Added");
    expect(await within(table).findByText("Block & Index")).toBeTruthy();
    expect(input.value).toBe("");
  });

  it("shows the server's reason beside the form when it refuses a name", async () => {
    const toasts = spyToasts();
    open(Role.MANAGEMENT, {
      createRateType: vi.fn(async () => {
        throw new ConnectError("The rate type Fixed already exists.", Code.AlreadyExists);
      }),
    });
    await screen.findByText("Fixed");
    await userEvent.type(screen.getByLabelText(T.newRateType), "fixed{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("The rate type Fixed already exists.");
    expect((screen.getByLabelText(T.newRateType) as HTMLInputElement).value).toBe("fixed");
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("asks the spec's question before deleting a rate type", async () => {
    const { deleteRateType } = open();
    const row = (await screen.findByText("Index")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: T.delete }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete the rate type ?")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: T.delete }));
    await waitFor(() => expect(deleteRateType).toHaveBeenCalledWith({ name: "Index" }));
    await waitFor(() => expect(screen.queryByText("Index")).toBeNull());
  });

  it("says when a delete failed", async () => {
    const toasts = spyToasts();
    open(Role.MANAGEMENT, {
      deleteRateType: vi.fn(async () => {
        throw new ConnectError("in use", Code.FailedPrecondition);
      }),
    });
    const row = (await screen.findByText("Index")).closest("tr") as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: T.delete }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: T.delete }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("There was an error deleting the rate type !"));
    expect(screen.getByText("Index")).toBeTruthy();
  });

  it("says when the rate types cannot be loaded", async () => {
    const toasts = spyToasts();
    open(Role.MANAGEMENT, {
      listRateTypes: vi.fn(async () => {
        throw new ConnectError("down", Code.Unavailable);
      }),
    });
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("There was an error loading rate types"));
  });

  it("stays closed to Sales", async () => {
    const { listRateTypes } = open(Role.SALES);
    expect(await screen.findByText("You do not have access to this page.")).toBeTruthy();
    expect(screen.queryByLabelText(T.newRateType)).toBeNull();
    expect(listRateTypes).not.toHaveBeenCalled();
  });
});
