import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type Mood, registerUserBodySchema } from "@serene/contract";
import { MediaField } from "../../../components/media/media-field";
import { useMediaUpload } from "../../../components/media/use-media-upload";
import { FormModal } from "../../../components/ui/form-modal";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { registerUser } from "../api";
import { moodOptions } from "./user-edit-modal";

/** The Create User button's modal: an app user with a picture. */
export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Create User">
      <CreateUserForm onClose={onClose} />
    </FormModal>
  );
}

interface CreateUserValues {
  username: string;
  email: string;
  password: string;
  moodType: Mood | null;
}

function CreateUserForm({ onClose }: { onClose: () => void }) {
  const refreshAfter = useRefreshAfter();
  const image = useMediaUpload("image");
  const form = useForm<CreateUserValues>({
    initialValues: { username: "", email: "", password: "", moodType: null },
    validate: validateWith<CreateUserValues>(
      registerUserBodySchema.pick({ username: true, email: true, password: true }),
      ({ moodType }) => ({ moodType: moodType ? undefined : "Select a mood" }),
    ),
  });

  /** The spec asks for a picture before anything is sent. */
  const imageMissing = () => {
    const missing = image.state.status === "empty";
    if (missing) notifyFailure("Please select your image file");
    return missing;
  };

  const submit = form.onSubmit(
    async (values) => {
      if (imageMissing()) return;
      const uploaded = await image.result().catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        notifyFailure("Image or Audio encountered error during upload", error.message);
        return null;
      });
      if (!uploaded) return;
      try {
        const answer = await registerUser({
          username: values.username,
          email: values.email,
          password: values.password,
          // Checked by the form's validation.
          moodType: values.moodType!,
          image: uploaded.secure_url,
        });
        notifySuccess(answer.message);
        void refreshAfter("user");
        onClose();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        form.setErrors(error.fieldMessages());
        notifyFailure(
          "The user was not created",
          error.fieldErrors.length ? "Please correct the highlighted fields." : error.message,
        );
      }
    },
    () => imageMissing(),
  );

  const busy = image.state.status === "uploading" || form.submitting;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps("username")}
          label="Username"
          required
          maxLength={60}
          data-autofocus
        />
        <TextInput
          {...form.getInputProps("email")}
          label="Email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            {...form.getInputProps("password")}
            label="Password"
            autoComplete="new-password"
            description="8 characters or more"
            inputWrapperOrder={["label", "input", "description", "error"]}
            required
            maxLength={200}
          />
          <Select
            {...form.getInputProps("moodType")}
            label="Mood"
            placeholder="Select Mood"
            data={moodOptions}
            required
          />
        </SimpleGrid>
        <MediaField
          label="Cover image"
          upload={image}
          error={form.errors.image}
          withAsterisk
          disabled={form.submitting}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Uploading Data..." : "Create User"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
