import { modals } from "@mantine/modals";

let listen = () => {};
/** Settles once the dialogs' provider listens (components/portal-modals.tsx, loaded after the first paint). */
const listening = new Promise<void>((resolve) => (listen = resolve));

/** Called by the dialogs' provider once it listens. */
export const dialogsListening = () => listen();

type ConfirmProps = Parameters<typeof modals.openConfirmModal>[0];
type ModalProps = Parameters<typeof modals.open>[0] & { modalId: string };

/**
 * The portal's dialogs (`modals` of @mantine/modals, which reach their provider by window events):
 * each opens once the provider listens, so a dialog asked for before its code arrived (a click right
 * after the page showed, on a slow phone) opens when it does instead of being lost.
 */
export const portalDialogs = {
  confirm: (props: ConfirmProps) => void listening.then(() => modals.openConfirmModal(props)),
  open: (props: ModalProps) => void listening.then(() => modals.open(props)),
  close: (modalId: string) => modals.close(modalId),
};
