import { Classes, NonIdealState, Section, SectionCard, Spinner, Tag } from "@blueprintjs/core";

import { usePeople } from "../../api/companies";
import { useUtilities, utilityName } from "../../api/utilities";
import { formatDateTime } from "../../lib/dateText";
import { useCompanyChanges } from "./companyQueries";
import { fieldLabel, historyValue } from "./historyFormat";
import { COMPANY_TEXTS } from "./texts";

export interface HistoryPanelProps {
  companyId: bigint;
}

/** Who changed what and when, newest first; refreshed after every save. */
export function HistoryPanel({ companyId }: HistoryPanelProps) {
  const changes = useCompanyChanges(companyId);
  const people = usePeople();
  const { data: utilities } = useUtilities();
  const utilityNameOf = (utilityId: bigint) => utilityName(utilities, utilityId);
  return (
    <Section title={COMPANY_TEXTS.sections.history} icon="history" compact collapsible>
      <SectionCard>
        {changes.isPending ? (
          <Spinner size={20} />
        ) : changes.isError ? (
          <NonIdealState icon="error" title={COMPANY_TEXTS.historyFailed} />
        ) : changes.data.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{COMPANY_TEXTS.noHistory}</p>
        ) : (
          <ul className="eris-history-list" aria-label={COMPANY_TEXTS.sections.history}>
            {changes.data.map((change) => (
              <li key={String(change.changeId)}>
                <div className="eris-history-head">
                  <strong>{people.nameOf(change.userId) || COMPANY_TEXTS.someone}</strong>
                  <span className={Classes.TEXT_MUTED}>{formatDateTime(change.changeTime)}</span>
                  <Tag minimal>{COMPANY_TEXTS.kinds[change.kind] ?? change.kind}</Tag>
                </div>
                {change.fields.length > 0 && (
                  <ul className="eris-history-fields">
                    {change.fields.map((field) => (
                      <li key={field.field}>
                        <span className="eris-history-label">{fieldLabel(field.field)}</span>:{" "}
                        <span className="eris-history-old">
                          {historyValue(field.field, field.oldValue, people.nameOf, utilityNameOf)}
                        </span>
                        {" → "}
                        <span className="eris-history-new">
                          {historyValue(field.field, field.newValue, people.nameOf, utilityNameOf)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </Section>
  );
}
