import { SegmentedControl } from "@blueprintjs/core";

import { Commodity } from "../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../lib/commodity";

/** The filter's first choice: every commodity. */
export const ALL_COMMODITIES_LABEL = "All";

export interface CommodityFilterProps {
  ariaLabel: string;
  /** The choices after All, in order. */
  commodities: readonly Commodity[];
  /** UNSPECIFIED for All. */
  value: Commodity;
  /** Told the label of the commodity chosen ("Gas", as the address keeps it), or null for All. */
  onChange: (label: string | null) => void;
}

/** All / Electric / Gas / … as one segmented control (the spec's commodity filters of the directories). */
export function CommodityFilter({ ariaLabel, commodities, value, onChange }: CommodityFilterProps) {
  const labels = [ALL_COMMODITIES_LABEL, ...commodities.map(commodityLabel)];
  return (
    <SegmentedControl
      aria-label={ariaLabel}
      options={labels.map((label) => ({ label, value: label }))}
      value={value === Commodity.UNSPECIFIED ? ALL_COMMODITIES_LABEL : commodityLabel(value)}
      onValueChange={(label) => onChange(label === ALL_COMMODITIES_LABEL ? null : label)}
    />
  );
}
