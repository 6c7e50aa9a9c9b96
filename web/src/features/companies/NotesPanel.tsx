import { useState, type FormEvent } from "react";

import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  Intent,
  NonIdealState,
  Section,
  SectionCard,
  Spinner,
  Tag,
  TextArea,
} from "@blueprintjs/core";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { DateTextInput } from "../../components/DateTextInput";
import { formatDate, formatDateTime, parseDateText } from "../../lib/dateText";
import { toast } from "../../lib/toaster";
import type { Note } from "../../gen/eris/crm/v1/notes_pb";
import { useCreateNote, useNotes } from "./companyQueries";
import { usePeople } from "../../api/companies";
import { COMPANY_TEXTS, DEFAULT_NOTE_SERVICE, NOTE_SERVICES } from "./texts";

export interface NotesPanelProps {
  companyId: bigint;
  /** Sales read notes but add none. */
  readOnly: boolean;
}

/** Notes newest first by when they were written (then by id, which grows with time). */
export function newestFirst(notes: readonly Note[]): Note[] {
  const at = (note: Note) =>
    note.createTime ? Number(note.createTime.seconds) * 1000 + note.createTime.nanos / 1e6 : 0;
  return [...notes].sort((a, b) => at(b) - at(a) || (b.noteId > a.noteId ? 1 : b.noteId < a.noteId ? -1 : 0));
}

/** The company's notes, newest first, and a form to add one. */
export function NotesPanel({ companyId, readOnly }: NotesPanelProps) {
  const notes = useNotes(companyId);
  const timeZone = useBusinessTimeZone();
  const createNote = useCreateNote(companyId);
  const people = usePeople();
  const [service, setService] = useState<string>(DEFAULT_NOTE_SERVICE);
  const [followUp, setFollowUp] = useState("");
  const [text, setText] = useState("");
  const followUpDate = parseDateText(followUp);
  const canAdd = text.trim() !== "" && followUpDate.kind !== "invalid" && !createNote.isPending;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) {
      return;
    }
    try {
      await createNote.mutateAsync({
        text: text.trim(),
        service,
        followUpDate: followUpDate.kind === "date" ? followUpDate.date : undefined,
      });
      void toast.success(COMPANY_TEXTS.noteAdded);
      setText("");
      setFollowUp("");
      setService(DEFAULT_NOTE_SERVICE);
    } catch {
      void toast.error(COMPANY_TEXTS.noteFailed);
    }
  }

  return (
    <Section title={COMPANY_TEXTS.sections.notes} icon="annotation" compact collapsible>
      {!readOnly && (
        <SectionCard>
          <form onSubmit={handleSubmit} noValidate aria-label={COMPANY_TEXTS.addNote}>
            <div className="eris-field-grid">
              <FormGroup label={COMPANY_TEXTS.service} labelFor="note-service">
                <HTMLSelect id="note-service" fill value={service} onChange={(e) => setService(e.currentTarget.value)}>
                  {NOTE_SERVICES.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <DateTextInput
                id="note-follow-up"
                label={COMPANY_TEXTS.followUpDate}
                value={followUp}
                onValueChange={setFollowUp}
              />
            </div>
            <FormGroup label={COMPANY_TEXTS.note} labelFor="note-text">
              <TextArea id="note-text" fill autoResize value={text} onChange={(e) => setText(e.currentTarget.value)} />
            </FormGroup>
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              icon="add"
              text={COMPANY_TEXTS.addNote}
              disabled={!canAdd}
              loading={createNote.isPending}
            />
          </form>
        </SectionCard>
      )}
      <SectionCard>
        {notes.isPending ? (
          <Spinner size={20} />
        ) : notes.isError ? (
          <NonIdealState icon="error" title={COMPANY_TEXTS.notesFailed} />
        ) : notes.data.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{COMPANY_TEXTS.noNotes}</p>
        ) : (
          <ul className="eris-note-list" aria-label={COMPANY_TEXTS.sections.notes}>
            {newestFirst(notes.data).map((note) => (
              <li key={String(note.noteId)}>
                <div className="eris-note-head">
                  <strong>{people.nameOf(note.userId) || COMPANY_TEXTS.someone}</strong>
                  <span className={Classes.TEXT_MUTED}>{formatDateTime(note.createTime, timeZone)}</span>
                  <Tag minimal>{note.service}</Tag>
                  {note.followUpDate && (
                    <Tag minimal intent={Intent.WARNING} icon="calendar">
                      {COMPANY_TEXTS.followUp(formatDate(note.followUpDate))}
                    </Tag>
                  )}
                </div>
                <p className="eris-note-text">{note.text}</p>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </Section>
  );
}
