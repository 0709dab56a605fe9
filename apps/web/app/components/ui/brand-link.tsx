import { Anchor, Box, Group } from "@mantine/core";
import { Link } from "react-router";
import { BrandMark } from "./brand-mark";

/**
 * "Serene" linking home from the Mantine pages: the back office's to the public site, the
 * listener app's to its own home (`to="/listen"`).
 */
export function BrandLink({ to = "/" }: { to?: string }) {
  return (
    // To the public site, a full page load: it must not inherit the Mantine pages' styles.
    <Anchor
      component={Link}
      to={to}
      reloadDocument={to === "/"}
      underline="never"
      c="inherit"
      fw={800}
      fz="xl"
    >
      <Group gap={8} wrap="nowrap">
        <Box c="var(--mantine-primary-color-filled)" display="flex">
          <BrandMark />
        </Box>
        Serene
      </Group>
    </Anchor>
  );
}
