import { Anchor, Box, Group } from "@mantine/core";
import { Link } from "react-router";
import { BrandMark } from "./brand-mark";

/** "Serene" linking home from the back office (Mantine pages). */
export function BrandLink() {
  return (
    // A full page load: the public site must not inherit the back office's styles.
    <Anchor component={Link} to="/" reloadDocument underline="never" c="inherit" fw={800} fz="xl">
      <Group gap={8} wrap="nowrap">
        <Box c="var(--mantine-primary-color-filled)" display="flex">
          <BrandMark />
        </Box>
        Serene
      </Group>
    </Anchor>
  );
}
