import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { profileFieldsSchema, type User } from "@serene/contract";
import { useQueryClient } from "@tanstack/react-query";
import { MediaField } from "../../../components/media/media-field";
import { useMediaUpload } from "../../../components/media/use-media-upload";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { queryKeys, useRefreshAfter } from "../../../lib/query-keys";
import { updateProfile } from "../api";

interface ProfileValues {
  username: string;
  lastName: string;
  removeImage: boolean;
}

/** Your picture, username and last name; the e-mail is shown, not changed here. */
export function ProfileForm({ me }: { me: User }) {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  const image = useMediaUpload("image");
  const form = useForm<ProfileValues>({
    initialValues: { username: me.username, lastName: me.lastName ?? "", removeImage: false },
    validate: validateWith(profileFieldsSchema.pick({ username: true, lastName: true })),
  });

  const submit = form.onSubmit(async (values) => {
    const uploaded = await image.result().catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("Image or Audio encountered error during upload", error.message);
      return undefined;
    });
    if (uploaded === undefined) return;
    try {
      const answer = await updateProfile({
        username: values.username,
        lastName: values.lastName.trim() || null,
        ...(uploaded ? { image: uploaded.secure_url } : values.removeImage ? { image: null } : {}),
      });
      queryClient.setQueryData(queryKeys.me, answer);
      void refreshAfter("profile");
      notifySuccess(answer.message);
      image.choose(null);
      form.setValues({ removeImage: false });
      form.resetDirty();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("Your profile was not saved", error.message);
    }
  });

  const busy = image.state.status === "uploading" || form.submitting;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MediaField
          label="Picture"
          upload={image}
          currentUrl={form.values.removeImage ? null : me.image}
          error={form.errors.image}
          disabled={form.submitting}
        />
        {me.image && image.state.status === "empty" && (
          <Checkbox {...form.getInputProps("removeImage", { type: "checkbox" })} label="Remove the picture" />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.getInputProps("username")} label="Username" required maxLength={60} />
          <TextInput {...form.getInputProps("lastName")} label="Last name" maxLength={60} />
        </SimpleGrid>
        <TextInput
          label="Email"
          value={me.email}
          readOnly
          description="Your sign-in e-mail"
          variant="filled"
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Uploading Data..." : "Save Changes"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
