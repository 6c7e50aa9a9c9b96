import { useState } from "react";

import { Menu, MenuItem } from "@blueprintjs/core";
import { Omnibar, renderFilteredItems, type ItemListRenderer, type ItemRenderer } from "@blueprintjs/select";
import "@blueprintjs/select/lib/css/blueprint-select.css";
import { useLocation, useNavigate } from "react-router";

import { useDebouncedValue } from "../../lib/useDebouncedValue";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import { useCompanyLookup } from "../../api/companies";
import { drawerTargetPath } from "../../lib/companyRoutes";
import { SHELL_TEXTS } from "./texts";

const LOOKUP_DELAY_MS = 200;

export interface CompanyFinderProps {
  isOpen: boolean;
  onClose: () => void;
}

function place(company: Company): string {
  return [company.city, company.state].filter(Boolean).join(", ");
}

/**
 * Ctrl/Cmd+K: find a company by name from anywhere in the shell. Type, walk the matches with the
 * arrow keys, Enter opens the company (the same tab of it when the drawer would keep it).
 */
export function CompanyFinder({ isOpen, onClose }: CompanyFinderProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query, setQuery] = useState("");
  const settled = useDebouncedValue(query, LOOKUP_DELAY_MS);
  const lookup = useCompanyLookup(settled, isOpen && settled.trim() !== "");
  const companies = query.trim() === "" ? [] : (lookup.data ?? []);
  const waiting = query.trim() !== "" && (query !== settled || lookup.isFetching);

  function close() {
    setQuery("");
    onClose();
  }

  const renderItem: ItemRenderer<Company> = (company, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={String(company.companyId)}
      ref={ref}
      icon="office"
      text={company.name}
      label={place(company)}
      roleStructure="listoption"
      active={modifiers.active}
      data-company-id={String(company.companyId)}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

  const hint = <MenuItem disabled roleStructure="listoption" text={SHELL_TEXTS.finderHint} />;
  const nothing = (
    <MenuItem
      disabled
      roleStructure="listoption"
      text={waiting ? SHELL_TEXTS.finderSearching : SHELL_TEXTS.finderNoMatch}
    />
  );
  // A listbox of options (the default list is a menu), so that screen readers announce the choices.
  const renderList: ItemListRenderer<Company> = (list) => (
    <Menu {...list.menuProps} role="listbox" aria-label={SHELL_TEXTS.finderResults} ulRef={list.itemsParentRef}>
      {renderFilteredItems(list, nothing, query.trim() === "" ? hint : null)}
    </Menu>
  );

  return (
    <Omnibar<Company>
      isOpen={isOpen}
      onClose={close}
      items={companies}
      query={query}
      onQueryChange={setQuery}
      itemRenderer={renderItem}
      itemsEqual={(a, b) => a.companyId === b.companyId}
      onItemSelect={(company) => {
        navigate(drawerTargetPath(pathname, company.companyId));
        close();
      }}
      itemListRenderer={renderList}
      resetOnSelect
      inputProps={{ placeholder: SHELL_TEXTS.finderPlaceholder, "aria-label": SHELL_TEXTS.finder }}
      overlayProps={{ className: "eris-company-finder" }}
    />
  );
}
