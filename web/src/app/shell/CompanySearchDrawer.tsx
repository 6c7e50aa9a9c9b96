import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";

import {
  Button,
  Classes,
  Collapse,
  Drawer,
  FormGroup,
  InputGroup,
  Intent,
  Menu,
  MenuItem,
  NonIdealState,
  Position,
  Spinner,
  Tag,
} from "@blueprintjs/core";
import { useLocation, useNavigate } from "react-router";

import { useUtilities, utilityOptions } from "../../api/utilities";
import { DateTextInput } from "../../components/DateTextInput";
import { NUMBER_FORMAT_ERROR, parseDecimalText } from "../../lib/numberText";
import { OptionMultiSelect, type Option } from "../../components/OptionMultiSelect";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import type { PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { drawerTargetPath } from "../../lib/companyRoutes";
import { useCompanySearchCounted } from "../../features/companies/companyListQuery";
import { usePeople } from "../../api/companies";
import { emptySearchValues, isRepLocked, searchPlan, type SearchValues } from "../../features/companies/searchFilter";
import {
  ALL_SECONDARY_OPTIONS,
  PRIMARY_STATUS_CHOICES,
  primaryStatusLabel,
  secondaryOptions,
} from "../../lib/records/companyStatuses";
import { SEARCH_TEXTS } from "../../features/companies/texts";
import { useSessionUser } from "../auth/useSessionUser";
import { SHELL_TEXTS } from "./texts";
import "../../features/companies/companies.css";
import "./companySearchDrawer.css";

const RESULTS_ID = "company-search-results";

/** Filters wait this long after the last change before searching. */
const SEARCH_DELAY_MS = 300;

const PRIMARY_OPTIONS: readonly Option<PrimaryStatus>[] = PRIMARY_STATUS_CHOICES.map((status) => ({
  value: status,
  label: primaryStatusLabel(status),
}));

/** The secondary statuses offered for the chosen primaries (all of them when none is chosen). */
function secondaryChoices(primaries: readonly PrimaryStatus[]): Option<string>[] {
  const names =
    primaries.length === 0
      ? ALL_SECONDARY_OPTIONS
      : Array.from(new Set(primaries.flatMap((primary) => secondaryOptions("electric", primary))));
  return names.map((name) => ({ value: name, label: name }));
}

export interface CompanySearchDrawerProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The right-hand company search: a name, a rep and many filters; picking a company opens it. The
 * results can be walked with the arrow keys from the name box (Enter opens one); the filters scroll
 * on their own, so the results always stay in view.
 */
/**
 * Blueprint's drawer is a plain box: it is named here as the modal dialog it is, so a screen reader
 * announces it and keeps to it while it is open (WCAG 4.1.2).
 */
function nameAsDialog(drawer: HTMLElement) {
  drawer.setAttribute("role", "dialog");
  drawer.setAttribute("aria-modal", "true");
  drawer.setAttribute("aria-label", SHELL_TEXTS.companySearch);
}

export function CompanySearchDrawer({ isOpen, onClose }: CompanySearchDrawerProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { me } = useSessionUser();
  const people = usePeople();
  const [values, setValues] = useState<SearchValues>(emptySearchValues);
  const [showFilters, setShowFilters] = useState(false);
  const settled = useDebouncedValue(values, SEARCH_DELAY_MS);
  const repLocked = isRepLocked(me);
  const { data: utilities } = useUtilities();
  const electricUtilities = useMemo(() => utilityOptions(utilities, Commodity.ELECTRIC), [utilities]);
  const gasUtilities = useMemo(() => utilityOptions(utilities, Commodity.GAS), [utilities]);
  const drUtilities = useMemo(() => utilityOptions(utilities, Commodity.DR), [utilities]);

  const plan = useMemo(() => searchPlan(settled, people.users, me), [settled, people.users, me]);
  // The Rep text is matched against user names, so a typed rep waits for the user list.
  const waitingForUsers = settled.rep.trim() !== "" && people.isPending;
  const search = useCompanySearchCounted(isOpen && plan.kind === "query" && !waitingForUsers ? plan.filter : null);
  const companies = useMemo(() => search.data?.pages.flatMap((page) => page.companies) ?? [], [search.data]);
  const resultsShown = plan.kind !== "none" && companies.length > 0;
  const counted = search.data?.pages[0];
  const total = (counted?.totalSize ?? 0n).toLocaleString("en-US");
  // The result the arrow keys are on (-1: none); it follows the list as it changes.
  const [active, setActive] = useState<{ index: number; companies: typeof companies }>({ index: -1, companies });
  const activeIndex = active.companies === companies ? active.index : -1;
  const resultsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (activeIndex >= 0) {
      resultsRef.current?.querySelector(`[data-result-index="${activeIndex}"]`)?.scrollIntoView?.({ block: "nearest" });
    }
  }, [activeIndex]);

  function set<K extends keyof SearchValues>(key: K, value: SearchValues[K]) {
    setValues((prev) => ({ ...prev, [key]: value }));
  }

  const activeFilters = countFilters(values);

  function open(companyId: bigint) {
    navigate(drawerTargetPath(pathname, companyId));
    onClose();
  }

  /** Up, Down, Home, End walk the results; Enter opens the one walked to. */
  function walkResults(event: KeyboardEvent<HTMLElement>) {
    if (companies.length === 0) {
      return;
    }
    const last = companies.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      Home: 0,
      End: last,
    };
    const inResults = event.currentTarget === resultsRef.current;
    if (event.key in moves && (event.key.startsWith("Arrow") || inResults)) {
      event.preventDefault();
      const index = moves[event.key];
      setActive({ index, companies });
      if (inResults) {
        // Walking among the results themselves moves the focus along.
        resultsRef.current?.querySelector<HTMLElement>(`[data-result-index="${index}"]`)?.focus();
      }
    } else if (event.key === "Enter" && activeIndex >= 0) {
      event.preventDefault();
      open(companies[activeIndex].companyId);
    }
  }

  const numberField = (key: "minKwh" | "maxKwh" | "minTherms" | "maxTherms", label: string) => {
    const invalid = parseDecimalText(values[key]).kind === "invalid";
    return (
      <FormGroup
        label={label}
        labelFor={`search-${key}`}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        helperText={invalid ? NUMBER_FORMAT_ERROR : undefined}
      >
        <InputGroup
          id={`search-${key}`}
          inputMode="decimal"
          value={values[key]}
          intent={invalid ? Intent.DANGER : Intent.NONE}
          onValueChange={(v) => set(key, v)}
        />
      </FormGroup>
    );
  };

  const multi = <T,>(key: keyof SearchValues, label: string, options: readonly Option<T>[], empty?: string) => (
    <FormGroup label={label} labelFor={`search-${key}`}>
      <OptionMultiSelect<T>
        id={`search-${key}`}
        ariaLabel={label}
        options={options}
        selected={values[key] as T[]}
        placeholder={SEARCH_TEXTS.any}
        noOptionsText={empty}
        onChange={(selected) => set(key, selected as never)}
      />
    </FormGroup>
  );

  const date = (key: "electricEndFrom" | "electricEndTo" | "gasEndFrom" | "gasEndTo", label: string) => (
    <DateTextInput id={`search-${key}`} label={label} value={values[key]} onValueChange={(v) => set(key, v)} />
  );

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position={Position.RIGHT}
      size={520}
      icon="search"
      title={SHELL_TEXTS.companySearch}
      onOpening={nameAsDialog}
    >
      <div className={`${Classes.DRAWER_BODY} eris-search-drawer-body`}>
        <section
          className="eris-drawer-content eris-search-drawer"
          role="search"
          aria-label={SHELL_TEXTS.companySearch}
        >
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder={SHELL_TEXTS.searchByName}
            aria-label={SHELL_TEXTS.searchByName}
            // Only while the list is there: a reference to nothing is broken.
            aria-controls={resultsShown ? RESULTS_ID : undefined}
            aria-activedescendant={activeIndex >= 0 ? `company-result-${activeIndex}` : undefined}
            value={values.name}
            onValueChange={(v) => set("name", v)}
            onKeyDown={walkResults}
            autoFocus
          />
          <div className="eris-toolbar">
            <FormGroup label={SEARCH_TEXTS.rep} labelFor="search-rep" inline className="eris-search-rep">
              <InputGroup
                id="search-rep"
                leftIcon="person"
                placeholder={SEARCH_TEXTS.repPlaceholder}
                // A Sales user's rep filter is locked to their own name (the server limits them anyway).
                value={repLocked ? me.name : values.rep}
                disabled={repLocked}
                onValueChange={(v) => set("rep", v)}
              />
            </FormGroup>
            <Button
              variant="minimal"
              icon="filter"
              endIcon={showFilters ? "chevron-up" : "chevron-down"}
              text={SEARCH_TEXTS.filters}
              aria-expanded={showFilters}
              onClick={() => setShowFilters((shown) => !shown)}
            />
            {activeFilters > 0 && (
              <Tag minimal round intent={Intent.PRIMARY}>
                {activeFilters}
              </Tag>
            )}
          </div>
          <Collapse isOpen={showFilters} keepChildrenMounted className="eris-search-filters-collapse">
            <div className="eris-search-filters eris-search-filters-scroll">
              <FormGroup
                className="eris-span-2"
                label={SEARCH_TEXTS.accountNumber}
                labelFor="search-accountNumber"
                helperText={SEARCH_TEXTS.accountNumberHelp}
              >
                <InputGroup
                  id="search-accountNumber"
                  leftIcon="numerical"
                  autoComplete="off"
                  value={values.accountNumber}
                  onValueChange={(v) => set("accountNumber", v)}
                  onKeyDown={walkResults}
                />
              </FormGroup>
              {multi("primaryElectric", SEARCH_TEXTS.electricPrimary, PRIMARY_OPTIONS)}
              {multi("secondaryElectric", SEARCH_TEXTS.electricSecondary, secondaryChoices(values.primaryElectric))}
              {multi("primaryGas", SEARCH_TEXTS.gasPrimary, PRIMARY_OPTIONS)}
              {multi("secondaryGas", SEARCH_TEXTS.gasSecondary, secondaryChoices(values.primaryGas))}
              {numberField("minKwh", SEARCH_TEXTS.minKwh)}
              {numberField("maxKwh", SEARCH_TEXTS.maxKwh)}
              {numberField("minTherms", SEARCH_TEXTS.minTherms)}
              {numberField("maxTherms", SEARCH_TEXTS.maxTherms)}
              {multi("electricAreas", SEARCH_TEXTS.electricArea, electricUtilities, SEARCH_TEXTS.noUtilities)}
              {multi("electricUtilities", SEARCH_TEXTS.electricUtility, electricUtilities, SEARCH_TEXTS.noUtilities)}
              {multi("gasAreas", SEARCH_TEXTS.gasArea, gasUtilities, SEARCH_TEXTS.noUtilities)}
              {multi("gasUtilities", SEARCH_TEXTS.gasUtility, gasUtilities, SEARCH_TEXTS.noUtilities)}
              {multi("drAreas", SEARCH_TEXTS.drArea, drUtilities, SEARCH_TEXTS.noUtilities)}
              {multi("drUtilities", SEARCH_TEXTS.drUtility, drUtilities, SEARCH_TEXTS.noUtilities)}
              {date("electricEndFrom", SEARCH_TEXTS.electricEndFrom)}
              {date("electricEndTo", SEARCH_TEXTS.electricEndTo)}
              {date("gasEndFrom", SEARCH_TEXTS.gasEndFrom)}
              {date("gasEndTo", SEARCH_TEXTS.gasEndTo)}
              <div className="eris-span-2">
                <Button
                  variant="minimal"
                  icon="cross"
                  text={SEARCH_TEXTS.clearFilters}
                  disabled={activeFilters === 0}
                  onClick={() => setValues((prev) => ({ ...emptySearchValues(), name: prev.name, rep: prev.rep }))}
                />
              </div>
            </div>
          </Collapse>
          <div
            ref={resultsRef}
            className="eris-drawer-results"
            aria-label={SEARCH_TEXTS.results}
            aria-busy={search.isFetching}
            onKeyDown={walkResults}
          >
            {plan.kind === "none" ? (
              <NonIdealState icon="office" title={SEARCH_TEXTS.noMatch} />
            ) : search.isError && companies.length === 0 ? (
              <NonIdealState icon="error" title={SEARCH_TEXTS.searchFailed} />
            ) : search.isPending && companies.length === 0 ? (
              <Spinner size={24} />
            ) : companies.length === 0 ? (
              <NonIdealState icon="office" title={SEARCH_TEXTS.noMatch} />
            ) : (
              <>
                <p className={Classes.TEXT_MUTED}>
                  {counted?.totalSizeExceedsLimit ? SEARCH_TEXTS.foundMoreThan(total) : SEARCH_TEXTS.found(total)}
                </p>
                <Menu aria-label={SEARCH_TEXTS.results} id={RESULTS_ID}>
                  {companies.map((company, index) => (
                    <MenuItem
                      key={String(company.companyId)}
                      id={`company-result-${index}`}
                      icon="office"
                      text={company.name}
                      label={[company.city, company.state].filter(Boolean).join(", ")}
                      active={index === activeIndex}
                      data-company-id={String(company.companyId)}
                      data-result-index={index}
                      onClick={() => open(company.companyId)}
                      onFocus={() => setActive({ index, companies })}
                    />
                  ))}
                </Menu>
                {search.hasNextPage && (
                  <Button
                    fill
                    variant="minimal"
                    icon="more"
                    text={SEARCH_TEXTS.loadMore}
                    loading={search.isFetchingNextPage}
                    onClick={() => void search.fetchNextPage()}
                  />
                )}
              </>
            )}
          </div>
        </section>
      </div>
    </Drawer>
  );
}

/** How many filters beyond name and rep are set (shown on the Filters button). */
function countFilters(values: SearchValues): number {
  return Object.entries(values).filter(
    ([key, value]) => key !== "name" && key !== "rep" && (Array.isArray(value) ? value.length > 0 : value !== ""),
  ).length;
}
