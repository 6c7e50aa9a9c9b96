import { describe, expect, it } from "vitest";

import { companyDetailsPath, drawerTargetPath } from "./companyRoutes";

describe("drawer navigation", () => {
  it("opens the details of the chosen company", () => {
    expect(companyDetailsPath(12n)).toBe("/LeadTabs/12/details");
    expect(drawerTargetPath("/Dashboard", 12n)).toBe("/LeadTabs/12/details");
    expect(drawerTargetPath("/LeadTabs/3/details", 12n)).toBe("/LeadTabs/12/details");
    expect(drawerTargetPath("/LeadTabs/3/accounts", 12n)).toBe("/LeadTabs/12/details");
    expect(drawerTargetPath("/LeadTabs/3", 12n)).toBe("/LeadTabs/12/details");
  });

  it("keeps the Contracts (BETA) tab when switching company", () => {
    expect(drawerTargetPath("/LeadTabs/3/contractsBETA", 12n)).toBe("/LeadTabs/12/contractsBETA");
    expect(drawerTargetPath("/LeadTabs/3/contractsBETA/", 12n)).toBe("/LeadTabs/12/contractsBETA");
  });

  it("does not keep the Contracts (BETA) sub-pages", () => {
    expect(drawerTargetPath("/LeadTabs/3/contractsBETA/add", 12n)).toBe("/LeadTabs/12/details");
    expect(drawerTargetPath("/LeadTabs/3/contractsBETA/view/9", 12n)).toBe("/LeadTabs/12/details");
  });
});
