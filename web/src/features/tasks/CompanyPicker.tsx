import { useMemo, useState } from "react";

import { create } from "@bufbuild/protobuf";
import { Button, MenuItem, Spinner } from "@blueprintjs/core";
import { Suggest, type ItemRenderer } from "@blueprintjs/select";
import "@blueprintjs/select/lib/css/blueprint-select.css";

import { useCompanyLookup } from "../../api/companies";
import { CompanySchema, type Company } from "../../gen/eris/crm/v1/crm_pb";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { TASK_TEXTS } from "./texts";

/** The company a task is about: its id and name. */
export interface PickedCompany {
  companyId: bigint;
  name: string;
}

export interface CompanyPickerProps {
  id: string;
  selected: PickedCompany | null;
  onChange: (company: PickedCompany | null) => void;
}

const LOOKUP_DELAY_MS = 250;

function place(company: Company): string {
  return [company.city, company.state].filter(Boolean).join(", ");
}

/** Names a company by searching companies by name as one types (arrow keys and Enter pick one). */
export function CompanyPicker({ id, selected, onChange }: CompanyPickerProps) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(false);
  const settled = useDebouncedValue(query, LOOKUP_DELAY_MS);
  const lookup = useCompanyLookup(settled, active);
  const items = lookup.data ?? [];
  const selectedId = selected?.companyId;
  const selectedName = selected?.name;
  // The chosen company need not be among the companies found for the current text.
  const selectedItem = useMemo(
    () => (selectedId !== undefined ? create(CompanySchema, { companyId: selectedId, name: selectedName }) : null),
    [selectedId, selectedName],
  );

  const renderItem: ItemRenderer<Company> = (company, { handleClick, handleFocus, modifiers }) => (
    <MenuItem
      key={String(company.companyId)}
      text={company.name}
      label={place(company)}
      roleStructure="listoption"
      active={modifiers.active}
      selected={selected?.companyId === company.companyId}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

  return (
    <Suggest<Company>
      fill
      items={items}
      selectedItem={selectedItem}
      query={query}
      onQueryChange={setQuery}
      itemRenderer={renderItem}
      itemsEqual={(a, b) => a.companyId === b.companyId}
      inputValueRenderer={(company) => company.name}
      onItemSelect={(company) => {
        onChange({ companyId: company.companyId, name: company.name });
        setQuery("");
      }}
      noResults={
        <MenuItem
          disabled
          roleStructure="listoption"
          text={lookup.isFetching ? TASK_TEXTS.searchingCompanies : TASK_TEXTS.noMatchingCompanies}
        />
      }
      resetOnClose
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ "aria-label": TASK_TEXTS.company }}
      inputProps={{
        id,
        leftIcon: "office",
        placeholder: TASK_TEXTS.companyPlaceholder,
        onFocus: () => setActive(true),
        rightElement: lookup.isFetching ? (
          <Spinner size={16} />
        ) : selected ? (
          <Button
            variant="minimal"
            icon="cross"
            aria-label={TASK_TEXTS.clearCompany}
            onClick={() => {
              onChange(null);
              setQuery("");
            }}
          />
        ) : undefined,
      }}
    />
  );
}
