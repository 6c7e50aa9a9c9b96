import { MenuItem } from "@blueprintjs/core";
import { MultiSelect, type ItemPredicate, type ItemRenderer } from "@blueprintjs/select";

import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { TASK_TEXTS } from "./texts";

import "@blueprintjs/select/lib/css/blueprint-select.css";

export interface UserMultiSelectProps {
  /** The input's id, for a FormGroup's labelFor. */
  id: string;
  /** The users that may be chosen. */
  users: readonly User[];
  selectedIds: readonly bigint[];
  /** Names of chosen users who are no longer offered (e.g. inactive), by id. */
  nameOf: (userId: bigint) => string;
  onChange: (ids: bigint[]) => void;
  intent?: "danger";
  disabled?: boolean;
}

const filterUser: ItemPredicate<User> = (query, user) => user.name.toLowerCase().includes(query.trim().toLowerCase());

/** Chooses several users by name (tags in an input, a filtered menu below). */
export function UserMultiSelect({ id, users, selectedIds, nameOf, onChange, intent, disabled }: UserMultiSelectProps) {
  const offered = new Map(users.map((u) => [u.userId, u]));
  // Chosen users stay shown even when not offered any more.
  const selectedItems = selectedIds.map(
    (userId) => offered.get(userId) ?? ({ userId, name: nameOf(userId) || String(userId) } as User),
  );

  function toggle(user: User) {
    onChange(
      selectedIds.includes(user.userId)
        ? selectedIds.filter((userId) => userId !== user.userId)
        : [...selectedIds, user.userId],
    );
  }

  const renderUser: ItemRenderer<User> = (user, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={String(user.userId)}
        roleStructure="listoption"
        text={user.name}
        active={modifiers.active}
        disabled={modifiers.disabled}
        selected={selectedIds.includes(user.userId)}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;

  return (
    <MultiSelect<User>
      items={[...users]}
      selectedItems={selectedItems}
      itemPredicate={filterUser}
      itemRenderer={renderUser}
      itemsEqual={(a, b) => a.userId === b.userId}
      tagRenderer={(user) => user.name}
      onItemSelect={toggle}
      onRemove={(user) => onChange(selectedIds.filter((userId) => userId !== user.userId))}
      noResults={<MenuItem disabled roleStructure="listoption" text={TASK_TEXTS.noMatchingUsers} />}
      placeholder={TASK_TEXTS.searchUsers}
      resetOnSelect
      fill
      disabled={disabled}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ "aria-label": TASK_TEXTS.assignees }}
      tagInputProps={{ intent, inputProps: { id } }}
    />
  );
}
