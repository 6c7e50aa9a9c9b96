import { Role, UserStatus, type User } from "../../gen/eris/identity/v1/identity_pb";
import type { UserFields } from "../../api/users";

/** The fields UpdateUser accepts in its mask, by their proto names. */
export const USER_MASK_FIELDS = [
  "name",
  "email",
  "job",
  "role",
  "status",
] as const satisfies readonly (keyof UserFields)[];

export function emptyUserFields(): UserFields {
  return { name: "", email: "", job: "", role: Role.UNSPECIFIED, status: UserStatus.ACTIVE };
}

export function userFieldsOf(user: User): UserFields {
  return { name: user.name, email: user.email, job: user.job, role: user.role, status: user.status };
}

/** Trims what people type; role and status are choices. */
export function normalizeUserFields(fields: UserFields): UserFields {
  return { ...fields, name: fields.name.trim(), email: fields.email.trim(), job: fields.job.trim() };
}

/** Name, email and role are needed; job may stay empty. */
export function isUserFieldsComplete(fields: UserFields): boolean {
  const f = normalizeUserFields(fields);
  return f.name !== "" && f.email !== "" && f.role !== Role.UNSPECIFIED;
}

/** The changed fields and their mask paths, so an update touches only what was edited. */
export function userChanges(
  original: UserFields,
  edited: UserFields,
): { fields: Partial<UserFields>; paths: string[] } {
  const before = normalizeUserFields(original);
  const after = normalizeUserFields(edited);
  const fields: Partial<UserFields> = {};
  const paths: string[] = [];
  for (const key of USER_MASK_FIELDS) {
    if (before[key] !== after[key]) {
      Object.assign(fields, { [key]: after[key] });
      paths.push(key);
    }
  }
  return { fields, paths };
}

/** What is wrong with an e-mail address: not one at all, or already another listed user's. */
export type EmailProblem = "format" | "taken" | null;

/** Something@something.tld without spaces: enough to catch typing slips; the server has the last word. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks an e-mail as typed against its shape and the users listed (`selfId`: the user being edited). */
export function emailProblem(email: string, users: readonly User[], selfId?: bigint): EmailProblem {
  const wanted = email.trim().toLowerCase();
  if (wanted === "") {
    return null;
  }
  if (!EMAIL_SHAPE.test(wanted)) {
    return "format";
  }
  const taken = users.some((user) => user.userId !== selfId && user.email.trim().toLowerCase() === wanted);
  return taken ? "taken" : null;
}
