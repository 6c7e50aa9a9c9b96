import { Card, Classes, H3, H5, NonIdealState } from "@blueprintjs/core";
import { Link } from "react-router";

import { useSessionUser } from "../../app/auth/useSessionUser";
import { reportCardsFor } from "./reportCatalog";
import { REPORT_TEXTS } from "./texts";

import "./reports.css";

const T = REPORT_TEXTS;

/** /Reports: a card per report the signed-in user's role may run (spec 2 section 6), each with View Report. */
export function ReportsPage() {
  const { me } = useSessionUser();
  const cards = reportCardsFor(me.role);
  return (
    <div className="eris-page">
      <H3>{T.title}</H3>
      {cards.length === 0 ? (
        <NonIdealState icon="timeline-bar-chart" title={T.noReports} />
      ) : (
        <ul className="eris-report-cards" aria-label={T.title}>
          {cards.map(({ id, path }) => {
            const { title, description } = T.cards[id];
            return (
              <li key={id}>
                <Card className="eris-report-card" data-report={id}>
                  <H5 id={`report-${id}`}>{title}</H5>
                  <p className={Classes.TEXT_MUTED}>{description}</p>
                  <Link
                    to={path}
                    className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
                    aria-label={T.viewReportOf(title)}
                  >
                    <span className={Classes.BUTTON_TEXT}>{T.viewReport}</span>
                  </Link>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
