import { FormGroup, HTMLSelect } from "@blueprintjs/core";

import { useSuppliers } from "../../api/suppliers";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { commodityLabel } from "../../lib/commodity";
import type { UrlParams } from "../../lib/urlState";
import { COMMISSION_TEXTS } from "./texts";

/** A supplier as a choice: its name, with its commodity when another supplier has the same name. */
export function supplierChoices(suppliers: readonly Supplier[], keep: bigint): { value: string; label: string }[] {
  const named = new Map<string, number>();
  suppliers.forEach((s) => named.set(s.name, (named.get(s.name) ?? 0) + 1));
  return suppliers
    .filter((s) => !s.archived || s.supplierId === keep)
    .map((s) => ({
      value: String(s.supplierId),
      label: (named.get(s.name) ?? 0) > 1 ? `${s.name} (${commodityLabel(s.commodity)})` : s.name,
    }));
}

export interface SupplierSelectProps {
  id: string;
  label: string;
  /** The supplier chosen; 0n for none (or all). */
  value: bigint;
  onChange: (supplierId: bigint) => void;
  /** The first choice, meaning none or all. */
  emptyText: string;
  inline?: boolean;
  disabled?: boolean;
}

/** A supplier picker over sourcing's directory (archived suppliers left out unless chosen). */
export function SupplierSelect({ id, label, value, onChange, emptyText, inline, disabled }: SupplierSelectProps) {
  const suppliers = useSuppliers();
  return (
    <FormGroup inline={inline} label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        value={String(value)}
        disabled={disabled}
        onChange={(e) => onChange(BigInt(e.currentTarget.value))}
      >
        <option value="0">{emptyText}</option>
        {supplierChoices(suppliers.data ?? [], value).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
        {value !== 0n && !suppliers.data?.some((s) => s.supplierId === value) && (
          <option value={String(value)}>{`#${value}`}</option>
        )}
      </HTMLSelect>
    </FormGroup>
  );
}

/** A supplier's name from the directory ("" while unknown). */
export function useSupplierName(supplierId: bigint): string {
  const suppliers = useSuppliers();
  return suppliers.data?.find((s) => s.supplierId === supplierId)?.name ?? "";
}

/** A supplier id from the address; 0n (all) when absent or not one. */
export function parseSupplierParam(text: string | null): bigint {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : 0n;
}

/** A list's supplier filter, kept in the address (?supplier=7; all suppliers when absent). */
export function SupplierFilter({ id, url }: { id: string; url: UrlParams }) {
  return (
    <SupplierSelect
      inline
      id={id}
      label={COMMISSION_TEXTS.supplier}
      value={parseSupplierParam(url.params.get("supplier"))}
      onChange={(next) => url.update({ supplier: next === 0n ? null : String(next) })}
      emptyText={COMMISSION_TEXTS.allSuppliers}
    />
  );
}
