/** Texts of the Rate Types screen; the quoted messages are the spec's, word for word (odd spacing included). */
export const RATE_TYPE_TEXTS = {
  title: "Rate Types",
  rateTypes: "Rate Types",
  newRateType: "New rate type",
  newRateTypePlaceholder: "e.g. Fixed",
  add: "Add",
  delete: "Delete",
  refresh: "Refresh",
  columns: { name: "Name", actions: "Actions" },
  noRateTypes: "No rate types yet.",
  deleteConfirm: "Are you sure you want to delete the rate type ?",
  // Messages (spec section 8)
  rateTypeAdded: "RateType Added",
  loadFailed: "There was an error loading rate types",
  deleteFailed: "There was an error deleting the rate type !",
  // Not in the spec (its other failures were only logged): said so nothing fails silently.
  addFailed: "The rate type could not be added. Please try again.",
} as const;
