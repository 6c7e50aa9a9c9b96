import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { AppProviders } from "../../app/App";
import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { NoteSchema } from "../../gen/eris/crm/v1/notes_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { signedInServices } from "../../test/renderApp";
import { NotesPanel } from "./NotesPanel";
import { COMPANY_TEXTS } from "./texts";

const manager = makeUser({ userId: 1n, name: "Mia Manager", role: Role.MANAGEMENT });

const note = (noteId: bigint, text: string, written: Date) =>
  create(NoteSchema, {
    noteId,
    companyId: 5n,
    userId: 1n,
    text,
    service: "All",
    createTime: timestampFromDate(written),
  });

describe("notes panel", () => {
  it("lists notes newest first by when they were written, on the business clock", async () => {
    window.localStorage.setItem(TOKEN_KEY, "tok");
    const services = signedInServices(manager, [manager]);
    // Sent out of order; 14:05 UTC is 9:05 AM in New York.
    const notes = [
      note(1n, "Oldest", new Date(Date.UTC(2026, 0, 5, 14, 5))),
      note(3n, "Newest", new Date(Date.UTC(2026, 2, 1, 14, 5))),
      note(2n, "Middle", new Date(Date.UTC(2026, 1, 1, 14, 5))),
    ];
    Object.assign(services.api, { notes: { listNotes: vi.fn(async () => ({ notes })) } });
    void services.session.restore();
    render(
      <AppProviders services={services}>
        <NotesPanel companyId={5n} readOnly />
      </AppProviders>,
    );
    const list = await screen.findByRole("list", { name: COMPANY_TEXTS.sections.notes });
    const texts = within(list)
      .getAllByRole("listitem")
      .map((item) => item.querySelector(".eris-note-text")?.textContent);
    expect(texts).toEqual(["Newest", "Middle", "Oldest"]);
    expect(within(list).getByText("01/05/2026 9:05 AM")).toBeTruthy();
  });
});
