import { useEffect, useState } from "react";

import { Button, FormGroup, HTMLSelect, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { useNavigate } from "react-router";

import { toast } from "../../components/toaster";
import { callBankCompaniesPath, matchesCallBankSearch } from "../callbanks/callBankForm";
import { useCallBanks } from "../callbanks/callBankQueries";
import { CallBanksTable } from "../callbanks/CallBanksTable";
import { CALL_BANK_TEXTS } from "../callbanks/texts";
import { useUserDirectory } from "../tasks/userDirectory";

export interface DashboardCallBanksTabProps {
  /** The signed-in user. */
  userId: bigint;
  /** Management filters by user ("All" by default); everyone else sees their own call banks. */
  canPickUser: boolean;
}

/** Dashboard > Call Banks: the call banks with search, a user filter (Management) and an info button. */
export function DashboardCallBanksTab({ userId, canPickUser }: DashboardCallBanksTabProps) {
  const navigate = useNavigate();
  const directory = useUserDirectory();
  const [filterUserId, setFilterUserId] = useState(0n);
  const [search, setSearch] = useState("");
  const callBanks = useCallBanks(canPickUser ? filterUserId : userId);

  useEffect(() => {
    if (callBanks.isError) {
      void toast.error(CALL_BANK_TEXTS.loadFailed);
    }
  }, [callBanks.isError, callBanks.errorUpdatedAt]);

  const rows = (callBanks.data ?? []).filter((cb) =>
    matchesCallBankSearch(cb, directory.nameOf(cb.assigneeUserId), search),
  );

  return (
    <div className="eris-tab-panel">
      <div className="eris-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={CALL_BANK_TEXTS.search}
          aria-label={CALL_BANK_TEXTS.search}
          value={search}
          onValueChange={setSearch}
        />
        {canPickUser && (
          <FormGroup inline label={CALL_BANK_TEXTS.user} labelFor="callbanks-user" style={{ margin: 0 }}>
            <HTMLSelect
              id="callbanks-user"
              value={String(filterUserId)}
              onChange={(e) => setFilterUserId(BigInt(e.currentTarget.value))}
            >
              <option value="0">{CALL_BANK_TEXTS.all}</option>
              {directory.users.map((user) => (
                <option key={String(user.userId)} value={String(user.userId)}>
                  {user.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        <Button
          variant="minimal"
          icon="refresh"
          text={CALL_BANK_TEXTS.refresh}
          loading={callBanks.isFetching}
          onClick={() => void callBanks.refetch()}
        />
      </div>
      {callBanks.isPending ? (
        <Spinner />
      ) : callBanks.isError && !callBanks.data ? (
        <NonIdealState icon="error" title={CALL_BANK_TEXTS.loadFailed} />
      ) : (
        <CallBanksTable
          callBanks={rows}
          nameOf={directory.nameOf}
          actions={(cb) => (
            <Button
              variant="minimal"
              size="small"
              icon="info-sign"
              aria-label={`${CALL_BANK_TEXTS.companies}: ${cb.name}`}
              title={CALL_BANK_TEXTS.companies}
              onClick={() => navigate(callBankCompaniesPath(cb.callBankId))}
            />
          )}
        />
      )}
    </div>
  );
}
