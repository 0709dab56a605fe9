import { ModalsProvider } from "@mantine/modals";

/**
 * The portal's dialogs (`modals.openConfirmModal` and the like, which reach it by events). Loaded
 * with the frame, not lazily: a dialog asked for before a lazy provider arrived (a click right after
 * the page showed, on a slow phone) reached no listener and never opened.
 */
export default function PortalModals() {
  return <ModalsProvider modalProps={{ closeButtonProps: { "aria-label": "Close" } }} />;
}
