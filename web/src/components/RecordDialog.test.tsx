import { useState } from "react";

import { Button, DialogBody, InputGroup } from "@blueprintjs/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { ModalDialog } from "./FormDialogParts";
import { RecordDialog } from "./RecordDialog";
import { TextField } from "./RecordFields";

const IDLE_FORM = { notice: null, refusal: null, saving: false };

/** A page with an Add button that opens a record dialog, as the app's tabs do; Save closes it. */
function Page({ onSave = async () => {} }: { onSave?: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  return (
    <>
      <Button text="Add" onClick={() => setOpen(true)} />
      {open && (
        <RecordDialog
          title="Add Thing"
          icon="add"
          width={400}
          form={IDLE_FORM}
          canSave
          cancelText="Cancel"
          saveText="Save"
          onSave={async () => {
            await onSave();
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        >
          <TextField id="thing-name" label="Name" value={name} onChange={setName} />
          <TextField id="thing-note" label="Note" value="" onChange={() => {}} />
        </RecordDialog>
      )}
    </>
  );
}

describe("RecordDialog and ModalDialog, for the keyboard", () => {
  it("open on the first field, and Escape closes and gives focus back to the opener", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole("button", { name: "Add" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Thing" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Name")));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add" })));
  });

  it("give focus back to the opener after Save", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    render(<Page onSave={onSave} />);
    await user.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Name")));
    await user.keyboard("Plant{Enter}");
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add" })));
  });

  it("focus a field that shows once loaded, and near the opener when the opener is gone", async () => {
    const user = userEvent.setup();
    function Loader() {
      const [open, setOpen] = useState(false);
      const [loaded, setLoaded] = useState(false);
      const [rows, setRows] = useState(["Row 1", "Row 2"]);
      return (
        <div>
          <ul>
            {rows.map((row) => (
              <li key={row}>
                <Button text={`Edit ${row}`} onClick={() => setOpen(true)} />
              </li>
            ))}
          </ul>
          {open && (
            <ModalDialog
              title="Edit Row"
              onClose={() => {
                setOpen(false);
                setRows(["Row 2"]);
              }}
            >
              <DialogBody>
                {loaded ? <InputGroup aria-label="Value" /> : <Button text="Load" onClick={() => setLoaded(true)} />}
              </DialogBody>
            </ModalDialog>
          )}
        </div>
      );
    }
    render(<Loader />);
    await user.click(screen.getByRole("button", { name: "Edit Row 1" }));
    // No field yet: the body's first control; the field takes over once it shows.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Load" })));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Value")));
    // Closing removes the row that opened the dialog: focus goes to the next row's button.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit Row 2" })));
  });

  it("close with Escape even when focus was lost to the page", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <ModalDialog title="Lost" onClose={onClose}>
        <DialogBody>
          <InputGroup aria-label="Value" />
        </DialogBody>
      </ModalDialog>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Value")));
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("keep a field the dialog focuses itself", async () => {
    render(
      <ModalDialog title="Own" onClose={() => {}}>
        <DialogBody>
          <InputGroup aria-label="First" />
          <InputGroup aria-label="Chosen" autoFocus />
        </DialogBody>
      </ModalDialog>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Chosen")));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(screen.getByLabelText("Chosen"));
  });
});
