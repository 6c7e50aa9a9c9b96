import { HTMLSelect } from "@blueprintjs/core";

import { monthName } from "../../lib/records/paymentFormat";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export interface MonthSelectProps {
  id: string;
  /** 1 to 12. */
  value: number;
  onChange: (month: number) => void;
}

/** January … December, for a month of a year chosen apart. */
export function MonthSelect({ id, value, onChange }: MonthSelectProps) {
  return (
    <HTMLSelect id={id} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
      {MONTHS.map((m) => (
        <option key={m} value={m}>
          {monthName(m)}
        </option>
      ))}
    </HTMLSelect>
  );
}
