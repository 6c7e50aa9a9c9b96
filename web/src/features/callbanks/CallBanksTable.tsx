import type { ReactNode } from "react";

import { HTMLTable, Intent, NonIdealState, ProgressBar, Tag } from "@blueprintjs/core";

import type { CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import { formatDate } from "../../lib/dateText";
import { callBankStatusLabel, completionLabel } from "./callBankForm";
import { CALL_BANK_TEXTS } from "./texts";

import "./callbanks.css";

export interface CallBanksTableProps {
  callBanks: readonly CallBank[];
  nameOf: (userId: bigint) => string;
  /** The buttons of a row. */
  actions: (callBank: CallBank) => ReactNode;
}

/** Name, Service Type, Assignee, Rep Type, Due Date, Count of Companies, Completion, Status and actions. */
export function CallBanksTable({ callBanks, nameOf, actions }: CallBanksTableProps) {
  if (callBanks.length === 0) {
    return <NonIdealState icon="phone" title={CALL_BANK_TEXTS.noCallBanks} />;
  }
  const c = CALL_BANK_TEXTS.columns;
  return (
    <HTMLTable striped compact className="eris-table" aria-label={CALL_BANK_TEXTS.callBanks}>
      <thead>
        <tr>
          <th>{c.name}</th>
          <th>{c.serviceType}</th>
          <th>{c.assignee}</th>
          <th>{c.repType}</th>
          <th>{c.dueDate}</th>
          <th>{c.companyCount}</th>
          <th>{c.completion}</th>
          <th>{c.status}</th>
          <th>{c.actions}</th>
        </tr>
      </thead>
      <tbody>
        {callBanks.map((callBank) => {
          const complete = callBank.completionPercent >= 100;
          return (
            <tr key={String(callBank.callBankId)} data-call-bank-id={String(callBank.callBankId)}>
              <td>{callBank.name}</td>
              <td>{callBank.serviceType}</td>
              <td>{nameOf(callBank.assigneeUserId)}</td>
              <td>{callBank.repType}</td>
              <td>{formatDate(callBank.dueDate)}</td>
              <td>{String(callBank.companyCount)}</td>
              <td>
                <div className="eris-completion">
                  <ProgressBar
                    animate={false}
                    stripes={false}
                    intent={complete ? Intent.SUCCESS : Intent.PRIMARY}
                    value={callBank.completionPercent / 100}
                    aria-label={`${CALL_BANK_TEXTS.completion}: ${callBank.name}`}
                  />
                  <span>{completionLabel(callBank)}</span>
                </div>
              </td>
              <td>
                <Tag minimal intent={complete ? Intent.SUCCESS : Intent.NONE}>
                  {callBankStatusLabel(callBank)}
                </Tag>
              </td>
              <td>{actions(callBank)}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
