import { Loader, Switch } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { saveBackOfficeSettings, useBackOfficeSettings, staffKeys } from "../api";

/** The back office's setting: every admin and editor must sign in with two factors. */
export function RequireTwoFactorSetting() {
  const settings = useBackOfficeSettings();
  const queryClient = useQueryClient();
  if (settings.isPending) return <Loader size="sm" role="status" aria-label="Loading the settings" />;
  return (
    <Switch
      checked={settings.data?.requireTwoFactor ?? false}
      disabled={settings.isError}
      label="Require two-factor for every admin"
      description="Admins and editors without it are sent to set it up before they reach anything else."
      onChange={(event) => void save(event.currentTarget.checked)}
    />
  );

  async function save(requireTwoFactor: boolean) {
    try {
      await saveBackOfficeSettings({ requireTwoFactor });
      notifySuccess("Settings saved");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("The setting was not saved", error.message);
    }
    await queryClient.invalidateQueries({ queryKey: staffKeys.settings });
  }
}
