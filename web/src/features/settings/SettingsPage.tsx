import { H3, Tab, Tabs } from "@blueprintjs/core";

import { useSessionState } from "../../app/auth/SessionContext";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { SignOutEverywhere } from "./SignOutEverywhere";
import { SETTINGS_TEXTS } from "./texts";

/** /Settings: Change Password, a disabled Preferences tab, and Sign out everywhere. */
export function SettingsPage() {
  const state = useSessionState();
  const forced = state.status === "signedIn" && state.user.forcePasswordReset;
  const lockedCurrentPassword = state.status === "signedIn" && forced ? state.pendingCurrentPassword : undefined;
  return (
    <div className="eris-page">
      <H3>{SETTINGS_TEXTS.title}</H3>
      <Tabs id="settings-tabs" defaultSelectedTabId="password" large>
        <Tab
          id="password"
          title={SETTINGS_TEXTS.changePasswordTab}
          panel={
            <ChangePasswordForm
              // A new form when the forced reset ends, so nothing typed survives it.
              key={forced ? "forced" : "normal"}
              forced={forced}
              lockedCurrentPassword={lockedCurrentPassword}
            />
          }
        />
        <Tab id="preferences" title={SETTINGS_TEXTS.preferencesTab} disabled />
      </Tabs>
      <SignOutEverywhere />
    </div>
  );
}
