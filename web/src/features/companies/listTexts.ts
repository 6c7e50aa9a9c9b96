/** Texts of the companies list (View Companies) beyond those in texts.ts. */
export const LIST_TEXTS = {
  view: "View",
  columns: "Columns",
  chooseColumns: "Choose columns",
  compact: "Compact rows",
  sortBy: (column: string) => `Sort by ${column}`,
  optionalColumns: {
    electricUsage: "Annual kWh",
    gasUsage: "Annual Therms",
    electricContractEnd: "Electric Contract End",
    gasContractEnd: "Gas Contract End",
    drContractEnd: "DR Contract End",
    drStatus: "DR status",
    totalKwh: "Total kWh",
    totalTherms: "Total Therms",
  },
  pageOf: (first: number, last: number, total: string) => `${first}–${last} of ${total}`,
  pageRange: (first: number, last: number) => `${first}–${last}`,
} as const;
