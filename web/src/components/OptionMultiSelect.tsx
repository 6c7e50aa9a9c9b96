import { MenuItem } from "@blueprintjs/core";
import { MultiSelect, type ItemPredicate, type ItemRenderer } from "@blueprintjs/select";
import "@blueprintjs/select/lib/css/blueprint-select.css";

/** One choice of a multi-select: the value kept and the text shown. */
export interface Option<T> {
  value: T;
  label: string;
}

export interface OptionMultiSelectProps<T> {
  id?: string;
  /** The accessible name of the text box. */
  ariaLabel: string;
  options: readonly Option<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  disabled?: boolean;
  placeholder?: string;
  /** Shown in the open list when there is nothing to choose. */
  noOptionsText?: string;
}

const matches: ItemPredicate<Option<unknown>> = (query, option) =>
  option.label.toLowerCase().includes(query.trim().toLowerCase());

/** Choose any of a fixed list of options; chosen ones show as tags in the option order. */
export function OptionMultiSelect<T>({
  id,
  ariaLabel,
  options,
  selected,
  onChange,
  disabled,
  placeholder,
  noOptionsText = "No options",
}: OptionMultiSelectProps<T>) {
  const isSelected = (value: T) => selected.includes(value);
  const selectedOptions = options.filter((option) => isSelected(option.value));
  // A selected value that is not among the options (an old value) is still shown, so nothing is hidden.
  const unknown = selected
    .filter((value) => !options.some((option) => option.value === value))
    .map((value) => ({ value, label: String(value) }));

  const toggle = (option: Option<T>) => {
    if (isSelected(option.value)) {
      onChange(selected.filter((value) => value !== option.value));
      return;
    }
    const known = options.map((o) => o.value).filter((value) => value === option.value || isSelected(value));
    onChange([...known, ...unknown.map((o) => o.value)]);
  };

  const renderItem: ItemRenderer<Option<T>> = (option, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={String(option.value)}
        text={option.label}
        roleStructure="listoption"
        selected={isSelected(option.value)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;

  return (
    <MultiSelect<Option<T>>
      fill
      items={[...options]}
      selectedItems={[...selectedOptions, ...unknown]}
      itemRenderer={renderItem}
      itemPredicate={matches}
      itemsEqual={(a, b) => a.value === b.value}
      tagRenderer={(option) => option.label}
      onItemSelect={toggle}
      onRemove={(option) => onChange(selected.filter((value) => value !== option.value))}
      onClear={disabled || selected.length === 0 ? undefined : () => onChange([])}
      noResults={<MenuItem disabled roleStructure="listoption" text={noOptionsText} />}
      disabled={disabled}
      placeholder={disabled ? "" : placeholder}
      resetOnSelect
      popoverProps={{ minimal: true }}
      tagInputProps={{ inputProps: { id, "aria-label": ariaLabel }, tagProps: { minimal: true } }}
      menuProps={{ "aria-label": ariaLabel }}
    />
  );
}
