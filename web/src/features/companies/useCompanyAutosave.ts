import { useEffect, useState, useSyncExternalStore } from "react";

import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { toast } from "../../components/toaster";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import { CompanyAutosaver } from "./companyAutosave";
import { useCompanyWriter } from "./companyQueries";
import { COMPANY_TEXTS } from "./texts";

/** The autosaver of one company screen, with its messages; edits still waiting are saved on leaving. */
export function useCompanyAutosave(company: Company) {
  const writer = useCompanyWriter();
  const [saver] = useState(
    () =>
      new CompanyAutosaver(company, {
        update: writer.update,
        reload: writer.reload,
        onSaved: writer.saved,
        onStale: (message) => {
          void toast.warning(message);
          void writer.refreshHistory(company.companyId);
        },
        onFailed: (err) => {
          const detail = hasCode(err, Code.InvalidArgument, Code.PermissionDenied, Code.FailedPrecondition)
            ? ` ${serverMessage(err)}`
            : "";
          void toast.error(COMPANY_TEXTS.updateFailed + detail);
        },
      }),
  );
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot);

  useEffect(() => {
    saver.adopt(company);
  }, [saver, company]);

  useEffect(
    () => () => {
      saver.flush();
      saver.dispose();
    },
    [saver],
  );

  return { saver, snapshot };
}
