import type { Resource } from "@serene/contract";
import { FormModal } from "../../../components/ui/form-modal";
import { ContentForm } from "./content-form";

interface ContentModalProps {
  opened: boolean;
  onClose: () => void;
  /** The content to update; without it the modal creates one. */
  resource?: Resource | null;
}

/** The Create/Update Content modal (the content page's and the dashboard's Create Content button). */
export function ContentModal({ opened, onClose, resource }: ContentModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={resource ? "Update Content" : "Create Content"}
      size="xl"
    >
      <ContentForm
        key={resource?._id ?? "new"}
        resource={resource ?? undefined}
        onCancel={onClose}
        onSaved={onClose}
      />
    </FormModal>
  );
}
