import { Box, Button, Group, Text } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { MantineRoot } from "../../components/ui/mantine-root";
import { signOut, useBusiness } from "../../features/business-portal/api";
import { type PortalSignIn, readPortal } from "../../features/business-portal/portal-sign-in";
import { SignInForm } from "../../features/business-portal/components/sign-in-form";
import {
  AccountPlace,
  LoadingBusiness,
  PortalFirstPaint,
  PortalShell,
} from "../../features/business-portal/components/portal-shell";
import { PORTAL_PATH, type PortalContext } from "../../features/business-portal/portal-context";
import {
  chosenBusiness,
  forgetPortalSession,
  loadPortal,
  portalQueryClient,
  sessionEnded,
} from "../../features/business-portal/portal-loaders";
import { useAfterFirstPaint } from "../../lib/after-first-paint";
import { publicPageMeta } from "../../lib/meta";
import { portalPages } from "../../lib/static-page";
import type { Route } from "./+types/layout";

// Indexed, as a business's sign-in page should be found by searching for it: what the portal shows
// signed in is personal, but a search engine only ever sees its sign-in form. Each section's own
// address is kept out of search results (see sectionMeta).
export const meta: Route.MetaFunction = () =>
  publicPageMeta(
    {
      title: "Business portal",
      description: "Manage your team's Serene seats: invitations, who redeemed, more seats and invoices.",
    },
    PORTAL_PATH,
  );

// What the first view does not show loads after it has painted (see useAfterFirstPaint): the header's
// menus, and the dialogs' provider (which `portalDialogs` waits for, so no dialog asked for is lost).
const menus = () => import("../../features/business-portal/components/portal-menus");
const BusinessSwitcher = lazy(() => menus().then((m) => ({ default: m.BusinessSwitcher })));
const AccountMenu = lazy(() => menus().then((m) => ({ default: m.AccountMenu })));
const PortalModals = lazy(() => import("../../features/business-portal/components/portal-modals"));

/** Signed in, the chosen business is read before the frame renders (see portal-loaders.ts). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadPortal(request);

// Each section's address is prerendered (portalPagePaths): its HTML paints the portal's first view
// before any script, as the head's early reads start (see portal-shell.tsx).
export const handle = portalPages;

export function HydrateFallback() {
  return (
    <QueryClientProvider client={portalQueryClient}>
      <MantineRoot>
        <PortalFirstPaint />
      </MantineRoot>
    </QueryClientProvider>
  );
}

/** /business/portal/*: signed out, the sign-in form; signed in, the chosen business's sections. */
export default function PortalLayout() {
  // Rendered in the browser only (the prerendered HTML is HydrateFallback's): the stored sign-in is there at once.
  const [signedIn, setSignedIn] = useState<PortalSignIn | null>(readPortal);
  const painted = useAfterFirstPaint();
  return (
    <QueryClientProvider client={portalQueryClient}>
      <MantineRoot>
        {signedIn && signedIn.businesses.length > 0 ? (
          <>
            <PortalFrame signedIn={signedIn} onSignedOut={() => setSignedIn(null)} painted={painted} />
            {painted && (
              <Suspense fallback={null}>
                <PortalModals />
              </Suspense>
            )}
          </>
        ) : (
          <SignInForm />
        )}
      </MantineRoot>
    </QueryClientProvider>
  );
}

/** The header (business, switcher, who is signed in, Sign out), the sections' menu and the section. */
function PortalFrame({
  signedIn,
  onSignedOut,
  painted,
}: {
  signedIn: PortalSignIn;
  onSignedOut: () => void;
  /** The first view has painted: the menus may load. */
  painted: boolean;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { businesses, email } = signedIn;
  const chosen = chosenBusiness(signedIn, params)!;
  const business = useBusiness(chosen._id);
  const name = business.data?.name ?? chosen.name;
  const ended = sessionEnded(business.error) && !business.data;
  useEffect(() => {
    if (!ended) return;
    forgetPortalSession();
    onSignedOut();
  }, [ended, onSignedOut]);
  const leave = () =>
    void signOut().finally(() => {
      forgetPortalSession();
      onSignedOut();
    });
  const pending = useNavigation().state === "loading";
  const context: PortalContext | null = business.data
    ? { businessId: chosen._id, business: business.data, me: email }
    : null;
  return (
    <PortalShell
      title={name}
      actions={
        <Group gap="xs" wrap="nowrap">
          {painted && businesses.length > 1 && (
            <Suspense fallback={null}>
              <BusinessSwitcher
                businesses={businesses}
                chosenId={chosen._id}
                name={name}
                onChoose={(id) => void navigate(`${pathname}?business=${encodeURIComponent(id)}`)}
              />
            </Suspense>
          )}
          <Text size="sm" c="dimmed" visibleFrom="md">
            Signed in as {email}
          </Text>
          <Button variant="subtle" size="compact-md" onClick={leave} visibleFrom="md">
            Sign out
          </Button>
          {/* The account button's place kept while its menu loads: nothing moves. */}
          <Suspense fallback={<AccountPlace />}>
            {painted ? <AccountMenu email={email} onSignOut={leave} /> : <AccountPlace />}
          </Suspense>
        </Group>
      }
    >
      {context ? (
        // A section's loader reads its data before it shows: meanwhile the section left dims.
        <Box aria-busy={pending} style={pending ? PENDING_STYLE : undefined}>
          <Outlet context={context} />
        </Box>
      ) : business.error && !ended ? (
        <Text role="alert" c="red">
          {business.error.message} Reload the page to try again.
        </Text>
      ) : (
        <LoadingBusiness />
      )}
    </PortalShell>
  );
}

/** A section waiting for the next one's data: dimmed, after a moment (a quick read shows no flicker). */
const PENDING_STYLE = { opacity: 0.6, transition: "opacity 150ms 150ms" } as const;
