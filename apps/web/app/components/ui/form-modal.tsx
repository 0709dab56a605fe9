import { Modal, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: "md" | "lg" | "xl";
  children: ReactNode;
}

/**
 * A modal holding a form: full screen on phones, and a stray click beside it does not throw
 * away what was typed (Escape and the close button still close it). Its content mounts on
 * opening, so every opening starts from a fresh form.
 */
export function FormModal({ opened, onClose, title, size = "md", children }: FormModalProps) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      radius={phone ? 0 : "lg"}
      closeOnClickOutside={false}
      closeButtonProps={{ "aria-label": "Close" }}
      styles={{ title: { fontWeight: 800, fontSize: "var(--mantine-font-size-xl)" } }}
    >
      {children}
    </Modal>
  );
}
