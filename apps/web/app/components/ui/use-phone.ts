import { useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";

/** Whether the screen is phone-narrow (below Mantine's `sm`): lists show cards instead of tables. */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
}
