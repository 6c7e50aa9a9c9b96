import { useState } from "react";

import { Classes, Drawer, InputGroup, NonIdealState, Position } from "@blueprintjs/core";

import { SHELL_TEXTS } from "./texts";

export interface CompanySearchDrawerProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The right-hand company search. Companies arrive with their own issue; until then the drawer says
 * honestly that there is nothing to find.
 */
export function CompanySearchDrawer({ isOpen, onClose }: CompanySearchDrawerProps) {
  const [name, setName] = useState("");
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position={Position.RIGHT}
      size={420}
      icon="search"
      title={SHELL_TEXTS.companySearch}
    >
      <div className={Classes.DRAWER_BODY}>
        <section className="eris-drawer-content" role="search" aria-label={SHELL_TEXTS.companySearch}>
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder={SHELL_TEXTS.searchByName}
            aria-label={SHELL_TEXTS.searchByName}
            value={name}
            onValueChange={setName}
            autoFocus
          />
          <div className="eris-drawer-results">
            <NonIdealState icon="office" title={SHELL_TEXTS.noCompanies} />
          </div>
        </section>
      </div>
    </Drawer>
  );
}
