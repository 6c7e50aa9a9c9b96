import type { User } from "../gen/eris/identity/v1/identity_pb";

export interface UserOptionsProps {
  users: readonly Pick<User, "userId" | "name">[];
}

/** The `<option>`s of a user picker: each user's id as the value, their name as the text. */
export function UserOptions({ users }: UserOptionsProps) {
  return users.map((user) => (
    <option key={String(user.userId)} value={String(user.userId)}>
      {user.name}
    </option>
  ));
}
