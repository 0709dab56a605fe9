import { Paper, Stack, Text, Title } from "@mantine/core";
import { PasswordForm } from "../../features/auth/components/password-form";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/settings";

const page: PageInfo = {
  title: "Settings",
  description: "Your password and account settings.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Settings() {
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={2} fz="h3">
          Change password
        </Title>
        <Text c="dimmed" size="sm">
          Changing it signs you out everywhere else; this browser stays signed in.
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <PasswordForm />
      </Paper>
    </Stack>
  );
}
