import { Paper, Stack, Text, Title } from "@mantine/core";
import { useMe } from "../../lib/shared-api";
import { PasswordForm } from "../../features/auth/components/password-form";
import { RequireTwoFactorSetting } from "../../features/staff/components/require-two-factor-setting";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/settings";

const page: PageInfo = {
  title: "Settings",
  description: "Your password, and the back office's sign-in rules.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Settings() {
  const isAdmin = useMe().data?.user_role === "admin";
  return (
    <Stack gap="lg" maw={640}>
      {isAdmin && (
        <section aria-labelledby="sign-in-rules">
          <Title order={2} fz="h3" id="sign-in-rules" mb="xs">
            Back office sign-in
          </Title>
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
            <RequireTwoFactorSetting />
          </Paper>
        </section>
      )}
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
