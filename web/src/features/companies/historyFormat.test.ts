import { describe, expect, it } from "vitest";

import { fieldLabel, historyValue } from "./historyFormat";

const nameOf = (id: bigint) => (id === 0n ? "" : id === 2n ? "Sally Sales" : `#${id}`);

describe("history", () => {
  it("labels fields for people", () => {
    expect(fieldLabel("primary_electric_status")).toBe("Electric Primary Status");
    expect(fieldLabel("support_analyst1_user_id")).toBe("Support Analyst 1");
    expect(fieldLabel("w9")).toBe("W9");
    expect(fieldLabel("some_new_field")).toBe("Some new field");
  });

  it("shows values in the screen's formats", () => {
    expect(historyValue("inside_user_id", "2", nameOf)).toBe("Sally Sales");
    expect(historyValue("gas_contract_end_date", "2027-01-31", nameOf)).toBe("01/31/2027");
    expect(historyValue("electric_usage", "1250000.00", nameOf)).toBe("1,250,000");
    expect(historyValue("w9", "true", nameOf)).toBe("Yes");
    expect(historyValue("city", "", nameOf)).toBe("(empty)");
    expect(historyValue("secondary_gas_statuses", "New, Lost", nameOf)).toBe("New, Lost");
  });

  it("names areas by their utility, and by id while the utility is unknown", () => {
    const utilityNameOf = (id: bigint) => (id === 7n ? "PECO (PA)" : undefined);
    expect(historyValue("electric_area_utility_id", "7", nameOf, utilityNameOf)).toBe("PECO (PA)");
    expect(historyValue("gas_area_utility_id", "9", nameOf, utilityNameOf)).toBe("Utility 9");
    expect(historyValue("dr_area_utility_id", "0", nameOf, utilityNameOf)).toBe("(empty)");
  });
});
