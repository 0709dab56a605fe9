import type { Interest } from "@serene/contract";
import { FormModal } from "../../../components/ui/form-modal";
import { InterestForm } from "./interest-form";

interface InterestModalProps {
  opened: boolean;
  onClose: () => void;
  /** The interest to edit; without it the modal creates one. */
  interest?: Interest | null;
}

/** The Create Interest modal, reused prefilled to edit one. */
export function InterestModal({ opened, onClose, interest }: InterestModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={interest ? "Edit Interest" : "Create Interest"}>
      <InterestForm
        key={interest?._id ?? "new"}
        interest={interest ?? undefined}
        onCancel={onClose}
        onSaved={onClose}
      />
    </FormModal>
  );
}
