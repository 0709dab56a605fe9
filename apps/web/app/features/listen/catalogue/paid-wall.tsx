import { Anchor, Button, Stack, Text } from "@mantine/core";
import { Link } from "react-router";

/**
 * What a locked item offers: the code an employer sent, or, without one, a word to the employer
 * (the business page, and a short note to forward).
 */
export function PaidWallOffer({ replace = false }: { replace?: boolean }) {
  const businessUrl = typeof window === "undefined" ? "/business" : `${window.location.origin}/business`;
  return (
    <Stack gap="xs" align="flex-start">
      <Button component={Link} to="/listen/redeem" replace={replace} size="sm">
        Redeem a code
      </Button>
      {/* The text colour of the box it sits in, whose tinted background fails the link colour and
          the dimmed grey in dark: the link is told by its underline. */}
      <Anchor component={Link} to="/business" size="sm" underline="always" c="inherit">
        No code? Tell your employer about Serene
      </Anchor>
      <Text size="sm">
        A note to forward: “I use Serene for a few calm minutes a day. Our team could have the whole library
        too: {businessUrl}”
      </Text>
    </Stack>
  );
}
