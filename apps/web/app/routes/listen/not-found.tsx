import { Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { pageMeta } from "../../lib/meta";

export const meta = () =>
  pageMeta({ title: "Page not found", description: "This page is not part of Serene's listener app." });

/** Any /listen path that is no page of the app (the server answers it with status 404). */
export default function ListenNotFound() {
  return (
    <AuthFrame
      title="Page not found"
      intro="There is nothing at this address. It may have moved, or a letter may be off."
    >
      <Group>
        <Button component={Link} to="/listen">
          Go to your home
        </Button>
        <Button component={Link} to="/listen/search" variant="light">
          Search
        </Button>
      </Group>
    </AuthFrame>
  );
}
