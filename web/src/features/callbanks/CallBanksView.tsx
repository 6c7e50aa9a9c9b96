import type { ReactNode } from "react";

import {
  Button,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  type ButtonVariant,
} from "@blueprintjs/core";
import { useNavigate } from "react-router";

import { useUrlText, type UrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { UserOptions } from "../../components/UserOptions";
import { RefreshButton } from "../../components/ListStatus";
import type { CallBank } from "../../gen/eris/crm/v1/call_banks_pb";
import { useUserDirectory } from "../../api/userDirectory";
import { callBankCompaniesPath, matchesCallBankSearch } from "./callBankForm";
import { useCallBanks } from "./callBankQueries";
import { CallBanksTable } from "./CallBanksTable";
import { CALL_BANK_TEXTS } from "./texts";

export interface CallBanksViewProps {
  /** The id of the user filter; absent to show no filter. */
  userFilterId?: string;
  /** Whose call banks are listed when there is no user filter (0 for all). */
  userId?: bigint;
  /** Shown at the start of the toolbar (e.g. Add Call Bank). */
  toolbarStart?: ReactNode;
  /** The buttons of a row. */
  actions: (callBank: CallBank) => ReactNode;
  /** The page's address, which keeps the search (?q=) and the user filter (?user=). */
  url: UrlParams;
}

/** A user id from the address; 0 (all) when absent or not one. */
function parseUserId(text: string | null): bigint {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : 0n;
}

/**
 * The call banks with search, an optional user filter ("All" by default), refresh and the table. The
 * search and the user are kept in the address.
 */
export function CallBanksView({ userFilterId, userId = 0n, toolbarStart, actions, url }: CallBanksViewProps) {
  const directory = useUserDirectory();
  const filterUserId = parseUserId(url.params.get("user"));
  const [search, setSearch] = useUrlText(url, "q");
  const callBanks = useCallBanks(userFilterId ? filterUserId : userId);

  useLoadErrorToast(callBanks, CALL_BANK_TEXTS.loadFailed);

  const rows = (callBanks.data ?? []).filter((cb) =>
    matchesCallBankSearch(cb, directory.nameOf(cb.assigneeUserId), search),
  );

  return (
    <>
      <div className="eris-toolbar">
        {toolbarStart}
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={CALL_BANK_TEXTS.search}
          aria-label={CALL_BANK_TEXTS.search}
          value={search}
          onValueChange={setSearch}
        />
        {userFilterId && (
          <FormGroup inline label={CALL_BANK_TEXTS.user} labelFor={userFilterId} style={{ margin: 0 }}>
            <HTMLSelect
              id={userFilterId}
              value={String(filterUserId)}
              onChange={(e) => url.update({ user: e.currentTarget.value === "0" ? null : e.currentTarget.value })}
            >
              <option value="0">{CALL_BANK_TEXTS.all}</option>
              <UserOptions users={directory.users} />
            </HTMLSelect>
          </FormGroup>
        )}
        <RefreshButton query={callBanks} text={CALL_BANK_TEXTS.refresh} />
      </div>
      {callBanks.isPending ? (
        <Spinner />
      ) : callBanks.isError && !callBanks.data ? (
        <NonIdealState icon="error" title={CALL_BANK_TEXTS.loadFailed} />
      ) : (
        <CallBanksTable callBanks={rows} nameOf={directory.nameOf} actions={actions} />
      )}
    </>
  );
}

export interface CallBankInfoButtonProps {
  callBank: CallBank;
  variant?: ButtonVariant;
}

/** The button of a row that opens the call bank's companies. */
export function CallBankInfoButton({ callBank, variant }: CallBankInfoButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      variant={variant}
      size="small"
      icon="info-sign"
      aria-label={`${CALL_BANK_TEXTS.companies}: ${callBank.name}`}
      title={CALL_BANK_TEXTS.companies}
      onClick={() => navigate(callBankCompaniesPath(callBank.callBankId))}
    />
  );
}
