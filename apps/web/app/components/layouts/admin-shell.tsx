import { AppShell, Box, Burger, CloseButton, Group, NavLink, ScrollArea, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, matchPath, useLocation } from "react-router";
import { BrandLink } from "../ui/brand-link";

export interface AdminNavItem {
  /** A path, or a path with a query (a filtered list): active only where the URL has that query. */
  to: string;
  label: string;
  icon: TablerIcon;
  /** Active only on this exact path (the dashboard), not on paths below it. */
  end?: boolean;
}

interface AdminShellProps {
  navItems: readonly AdminNavItem[];
  title: string;
  /** Top-bar controls on the right: notifications, messages, account menu. */
  actions: ReactNode;
  /** The navigation's accessible name ("Admin" in the back office). */
  navLabel?: string;
  children: ReactNode;
}

/** The back office frame (and the business portal's): sidebar navigation (a drawer on phones), top bar with the page title, content. */
export function AdminShell({ navItems, title, actions, navLabel = "Admin", children }: AdminShellProps) {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const matches = (item: AdminNavItem) => {
    const [path = item.to, query = ""] = item.to.split("?");
    const here = new URLSearchParams(search);
    return (
      matchPath({ path, end: item.end ?? false }, pathname) !== null &&
      [...new URLSearchParams(query)].every(([name, value]) => here.get(name) === value)
    );
  };
  // Where a filtered entry of the same page matches (Pending review), it is the active one.
  const isActive = (item: AdminNavItem) =>
    matches(item) &&
    !navItems.some((other) => other !== item && other.to.startsWith(`${item.to}?`) && matches(other));

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: "sm", collapsed: { mobile: !navOpened } }}
      padding={{ base: "md", sm: "xl" }}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open navigation"
            />
            <Title order={1} fz={{ base: "h4", sm: "h3" }} lineClamp={1}>
              {title}
            </Title>
          </Group>
          <Group gap={4} wrap="nowrap">
            {actions}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label={navLabel}>
        <AppShell.Section component={Group} justify="space-between" wrap="nowrap" mb="lg" px="xs" h={32}>
          <BrandLink />
          <CloseButton hiddenFrom="sm" onClick={nav.close} aria-label="Close navigation" />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Box component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {navItems.map((item) => {
              const active = isActive(item);
              return (
                <li key={item.to}>
                  <NavLink
                    component={Link}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={20} stroke={1.75} aria-hidden="true" />}
                    active={active}
                    aria-current={active ? "page" : undefined}
                    variant="light"
                    onClick={nav.close}
                    fw={600}
                    style={{ borderRadius: "var(--mantine-radius-md)" }}
                    mb={4}
                  />
                </li>
              );
            })}
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: "none" }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
