import { Badge, Container, Group, UnstyledButton } from "@mantine/core";
import { IconBooks, IconHome, IconInbox, IconSearch, IconUserCircle } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import { BrandLink } from "../../../components/ui/brand-link";
import { messagesQuery } from "../account/api";
import { FullPlayerLoader } from "../player/full-player-loader";
import { MiniPlayer } from "../player/mini-player";
import { useAfterFirstPaint } from "../../../lib/after-first-paint";
import { AppMessageBanner } from "./app-message-banner";

const nav = [
  { to: "/listen", label: "Home", icon: IconHome, end: true },
  { to: "/listen/search", label: "Search", icon: IconSearch },
  { to: "/listen/library", label: "Library", icon: IconBooks },
  { to: "/listen/inbox", label: "Inbox", icon: IconInbox },
  { to: "/listen/account", label: "Account", icon: IconUserCircle },
] as const;

function useUnread(): number {
  const { data } = useInfiniteQuery({ ...messagesQuery, staleTime: 60_000, enabled: useAfterFirstPaint() });
  return data?.pages[0]?.meta.unread ?? 0;
}

/**
 * The page's scroll padding kept at the bottom bar's height (the tab bar, the mini player), so that
 * whatever is scrolled into view (the keyboard's focus, a link to an anchor, a tap's target) stops
 * above the bar, never under it.
 */
function useClearOfBars(bottom: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const bar = bottom.current;
    if (!bar || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty("scroll-padding-bottom", `${bar.offsetHeight}px`),
    );
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty("scroll-padding-bottom");
    };
  }, [bottom]);
}

/** The signed-in listener's frame: header (and links on wide screens), the page, the player, a tab bar on phones. */
export function ListenShell({ children }: { children: ReactNode }) {
  const unread = useUnread();
  const bottom = useRef<HTMLDivElement>(null);
  useClearOfBars(bottom);
  const links = (className: string) =>
    nav.map(({ to, label, icon: Icon, ...rest }) => (
      <NavLink key={to} to={to} end={"end" in rest} className={className}>
        <Icon size={22} aria-hidden="true" />
        <span>{label}</span>
        {to === "/listen/inbox" && unread > 0 && (
          <Badge size="xs" circle className={`${className}-badge`} aria-label={`${unread} unread`}>
            {unread}
          </Badge>
        )}
      </NavLink>
    ));

  return (
    <div className="listen-shell">
      <header className="listen-header">
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLink to="/listen" />
            <nav aria-label="Main" className="listen-topnav">
              {links("listen-topnav-link")}
            </nav>
            <UnstyledButton
              component={Link}
              to="/listen/inbox"
              className="listen-inbox-phone"
              aria-label={unread ? `Inbox, ${unread} unread` : "Inbox"}
            >
              <IconInbox aria-hidden="true" />
              {unread > 0 && (
                <Badge size="xs" circle className="listen-inbox-phone-badge" aria-hidden="true">
                  {unread}
                </Badge>
              )}
            </UnstyledButton>
          </Group>
        </Container>
      </header>
      <Container component="main" size="lg" className="listen-main" id="main" tabIndex={-1}>
        <AppMessageBanner />
        {children}
      </Container>
      <div className="listen-bottom" ref={bottom}>
        <MiniPlayer />
        <nav aria-label="Tabs" className="listen-tabbar">
          {links("listen-tab")}
        </nav>
      </div>
      <FullPlayerLoader />
    </div>
  );
}
