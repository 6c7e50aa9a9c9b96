/** The Commissions screen's addresses: one per tab, and a statement's own. */
export const COMMISSIONS_PATH = "/Commissions";
export const IMPORT_PATH = `${COMMISSIONS_PATH}/Import`;
export const CHASE_PATH = `${COMMISSIONS_PATH}/Chase`;

/** A statement's page (/Commissions/Statements/12). */
export function statementPath(statementId: bigint | string): string {
  return `${COMMISSIONS_PATH}/Statements/${statementId}`;
}
