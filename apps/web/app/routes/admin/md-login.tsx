import { Box, Center, Group, Paper, Text, Title } from "@mantine/core";
import { redirect } from "react-router";
import { BrandLink } from "../../components/ui/brand-link";
import { MantineRoot } from "../../components/ui/mantine-root";
import { LoginForm } from "../../features/auth/components/login-form";
import { readToken } from "../../lib/auth-token";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/md-login";

const page: PageInfo = {
  title: "Admin sign in",
  description: "Sign in to the Serene back office with your administrator account.",
};

export const meta: Route.MetaFunction = () => [...pageMeta(page), { name: "robots", content: "noindex" }];

/** Already signed in: go straight to the back office. */
export function clientLoader() {
  if (readToken()) throw redirect("/admin");
  return null;
}

export default function MdLogin() {
  return (
    <MantineRoot>
      <Center
        component="main"
        mih="100dvh"
        p="md"
        bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      >
        <Box w="100%" maw={420}>
          <Group justify="center" mb="lg">
            <BrandLink />
          </Group>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
            <Title order={1} fz="h2" mb={4}>
              {page.title}
            </Title>
            <Text c="dimmed" mb="lg">
              {page.description}
            </Text>
            <LoginForm />
          </Paper>
        </Box>
      </Center>
    </MantineRoot>
  );
}
