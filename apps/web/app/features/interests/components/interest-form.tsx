import { Button, Group, NumberInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createInterestBodySchema, type Interest } from "@serene/contract";
import { MediaField } from "../../../components/media/media-field";
import { useMediaUpload } from "../../../components/media/use-media-upload";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { createInterest, updateInterest } from "../api";

interface InterestFormValues {
  name: string;
  position: number | string;
}

interface InterestFormProps {
  /** The interest to edit; without it the form creates one. */
  interest?: Interest;
  onCancel: () => void;
  onSaved: () => void;
}

/** Create or edit an interest: its icon (uploaded as soon as it is chosen), name and position. */
export function InterestForm({ interest, onCancel, onSaved }: InterestFormProps) {
  const refreshAfter = useRefreshAfter();
  const icon = useMediaUpload("image");
  const form = useForm<InterestFormValues>({
    initialValues: { name: interest?.name ?? "", position: interest?.position ?? "" },
    validate: validateWith(createInterestBodySchema.pick({ name: true, position: true })),
  });

  /** Create needs an icon (spec 5); edit keeps the stored one unless replaced. */
  const iconMissing = () => {
    const missing = !interest && icon.state.status === "empty";
    if (missing) notifyFailure("Please select interest image file");
    return missing;
  };

  const submit = form.onSubmit(
    async (values) => {
      if (iconMissing()) return;
      const uploaded = await icon.result().catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        notifyFailure("Image or Audio encountered error during upload", error.message);
        return undefined;
      });
      if (uploaded === undefined) return;
      const fields = { name: values.name, position: Number(values.position) };
      try {
        const answer = interest
          ? await updateInterest(interest._id, { ...fields, ...(uploaded && { icon: uploaded.secure_url }) })
          : // The icon is there: iconMissing() said so.
            await createInterest({ ...fields, icon: uploaded!.secure_url });
        notifySuccess(answer.message);
        void refreshAfter("catalogue");
        onSaved();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        form.setErrors(error.fieldMessages());
        notifyFailure(
          interest ? "The interest was not updated" : "The interest was not created",
          error.fieldErrors.length ? "Please correct the highlighted fields." : error.message,
        );
      }
    },
    () => iconMissing(),
  );

  const busy = icon.state.status === "uploading" || form.submitting;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MediaField
          label="Cover image"
          upload={icon}
          currentUrl={interest?.icon}
          error={form.errors.icon}
          withAsterisk={!interest}
          disabled={form.submitting}
        />
        <TextInput
          {...form.getInputProps("name")}
          label="Name"
          placeholder="Enter Interest e.g Meditation"
          required
          maxLength={60}
        />
        <NumberInput
          {...form.getInputProps("position")}
          label="Position"
          placeholder="Position e.g 2"
          description="Where it shows in the app's list: 1 comes first"
          required
          min={1}
          max={10_000}
          allowDecimal={false}
          allowNegative={false}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving Data ..." : "Save Interest"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
