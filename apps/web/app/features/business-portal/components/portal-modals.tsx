import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";
import { dialogsListening } from "../portal-dialogs";

/**
 * The portal's dialogs' provider, loaded after the first paint (the layout renders it lazily): the
 * dialogs are opened through `portalDialogs`, which waits for it, so none asked for earlier is lost.
 * Its own listeners are set as it mounts (a layout effect), before this effect says so.
 */
export default function PortalModals() {
  useEffect(dialogsListening, []);
  return <ModalsProvider modalProps={{ closeButtonProps: { "aria-label": "Close" } }} />;
}
