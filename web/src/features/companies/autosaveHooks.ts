import { useEffect, useState, useSyncExternalStore } from "react";

import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import { CompanyAutosaver } from "./companyAutosave";
import { useCompanyWriter } from "./companyQueries";

/**
 * The autosaver of one company details screen. Nothing is announced by toasts: the screen shows
 * each field's state beside it. Edits still waiting are sent when the screen goes.
 */
export function useDetailsAutosave(company: Company) {
  const writer = useCompanyWriter();
  const [saver] = useState(
    () =>
      new CompanyAutosaver(company, {
        update: writer.update,
        reload: writer.reload,
        onSaved: writer.saved,
        // The History panel shows whose change met this person's.
        onStale: () => void writer.refreshHistory(company.companyId),
      }),
  );
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot);

  useEffect(() => {
    saver.adopt(company);
  }, [saver, company]);

  useEffect(() => {
    saver.attach();
    return () => {
      saver.flush();
      saver.detach();
    };
  }, [saver]);

  return { saver, snapshot };
}
