import { Switch } from "@mantine/core";
import { setStreaksShown, useStreaksShown } from "./streak-preference";

/** In Account: the gentle count of days in a row, shown or hidden (on this device). */
export function StreakSwitch() {
  const shown = useStreaksShown();
  return (
    <Switch
      mt="md"
      label="Show my streak"
      description="A gentle count of the days in a row you listened, never a streak to keep up."
      checked={shown}
      onChange={(event) => setStreaksShown(event.currentTarget.checked)}
    />
  );
}
