import { Box, Center, Group, Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { BrandLink } from "../../../components/ui/brand-link";
import { MantineRoot } from "../../../components/ui/mantine-root";

/** The back office's pages before a session: the brand, a title, a line of help and the form. */
export function SignInFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
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
              {title}
            </Title>
            <Text c="dimmed" mb="lg">
              {description}
            </Text>
            {children}
          </Paper>
        </Box>
      </Center>
    </MantineRoot>
  );
}
