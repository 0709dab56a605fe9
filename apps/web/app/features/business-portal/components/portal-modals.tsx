import { ModalsProvider } from "@mantine/modals";

/**
 * The portal's dialogs (`modals.openConfirmModal` and the like, which reach it by events), loaded
 * after the section shows (the layout imports it lazily, beside the frame rather than around it): a
 * dialog needs Mantine's Modal and its focus handling, which no section shows at first.
 */
export default function PortalModals() {
  return <ModalsProvider modalProps={{ closeButtonProps: { "aria-label": "Close" } }} />;
}
