import { Box, Center, Group, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { BrandLink } from "../../../components/ui/brand-link";

/** The frame of the pages a signed-out listener sees: sign in, sign up, reset, verify, redeem. */
export function AuthFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center component="main" id="main" tabIndex={-1} mih="100dvh" p="md" className="listen-auth">
      <Box w="100%" maw={440}>
        <Group justify="center" mb="lg">
          <BrandLink to="/listen" />
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
          <Title order={1} fz="h2" mb={4}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" mb="lg">
              {intro}
            </Text>
          )}
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
