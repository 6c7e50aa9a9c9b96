import { useState } from "react";

import { Button, Classes } from "@blueprintjs/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { ConfirmDialog } from "./ConfirmDialog";

/** A list whose rows ask before they are deleted, as the app's tables do. */
function List() {
  const [rows, setRows] = useState(["Alpha", "Beta"]);
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <>
      <ul>
        {rows.map((row) => (
          <li key={row}>
            <Button text={`Delete ${row}`} onClick={() => setAsking(row)} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={asking !== null}
        confirmText="Delete"
        onConfirm={() => {
          setRows((prev) => prev.filter((row) => row !== asking));
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      >
        <p>Are you sure you want to delete this record?</p>
      </ConfirmDialog>
    </>
  );
}

describe("ConfirmDialog, for the keyboard", () => {
  it("opens on Cancel, and Escape cancels and gives focus back to the button that asked", async () => {
    const user = userEvent.setup();
    render(<List />);
    await user.click(screen.getByRole("button", { name: "Delete Alpha" }));
    const alert = await screen.findByRole("alertdialog");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" })));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(alert.closest(`.${Classes.OVERLAY_OPEN}`)).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete Alpha" })));
  });

  it("gives focus to the next row once the row that asked is deleted", async () => {
    const user = userEvent.setup();
    render(<List />);
    await user.click(screen.getByRole("button", { name: "Delete Alpha" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" })));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete Alpha" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete Beta" })));
  });
});
