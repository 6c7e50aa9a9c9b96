import type { UrlParams } from "../../lib/urlState";
import { CallBankInfoButton, CallBanksView } from "../callbanks";

export interface DashboardCallBanksTabProps {
  /** The signed-in user. */
  userId: bigint;
  /** Management filters by user ("All" by default); everyone else sees their own call banks. */
  canPickUser: boolean;
  /** The page's address, which keeps the search and the user filter. */
  url: UrlParams;
}

/** Dashboard > Call Banks: the call banks with search, a user filter (Management) and an info button. */
export function DashboardCallBanksTab({ userId, canPickUser, url }: DashboardCallBanksTabProps) {
  return (
    <div className="eris-tab-panel">
      <CallBanksView
        userFilterId={canPickUser ? "callbanks-user" : undefined}
        userId={userId}
        url={url}
        actions={(cb) => <CallBankInfoButton callBank={cb} variant="minimal" />}
      />
    </div>
  );
}
