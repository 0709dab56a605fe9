import { Button, Center, Group, Loader, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type Mood, moods, type User, userSettingBodySchema } from "@serene/contract";
import { moodLabels } from "../../../components/entities/mood-badge";
import { FormModal } from "../../../components/ui/form-modal";
import { LoadError } from "../../../components/ui/load-error";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { updateUser, useUser } from "../api";

export const moodOptions = moods.map((mood) => ({ value: mood, label: moodLabels[mood] }));

interface UserEditModalProps {
  opened: boolean;
  onClose: () => void;
  user: User | null;
}

/** Edit User Profile: e-mail, username, mood and experience, loaded fresh from GET /single/:id. */
export function UserEditModal({ opened, onClose, user }: UserEditModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Edit User Profile">
      {user && <LoadedUserForm key={user._id} id={user._id} onClose={onClose} />}
    </FormModal>
  );
}

function LoadedUserForm({ id, onClose }: { id: string; onClose: () => void }) {
  const user = useUser(id);
  if (user.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the profile" />
      </Center>
    );
  }
  if (user.isError) {
    return (
      <LoadError
        title="The profile could not be loaded"
        error={user.error}
        onRetry={() => void user.refetch()}
      />
    );
  }
  return <UserEditForm user={user.data} onClose={onClose} />;
}

interface UserEditValues {
  email: string;
  username: string;
  mood: Mood | null;
  experience: string;
}

function UserEditForm({ user, onClose }: { user: User; onClose: () => void }) {
  const refreshAfter = useRefreshAfter();
  const form = useForm<UserEditValues>({
    initialValues: {
      email: user.email,
      username: user.username,
      mood: user.mood,
      experience: user.experience ?? "",
    },
    validate: validateWith(userSettingBodySchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await updateUser(user._id, {
        email: values.email,
        username: values.username,
        mood: values.mood,
        experience: values.experience.trim() || null,
      });
      notifySuccess(answer.message);
      void refreshAfter("user");
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure(
        "The profile was not saved",
        error.fieldErrors.length ? "Please correct the highlighted fields." : error.message,
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput {...form.getInputProps("email")} label="Email" type="email" required maxLength={254} />
        <TextInput {...form.getInputProps("username")} label="Username" required maxLength={60} />
        <Select
          {...form.getInputProps("mood")}
          label="Mood"
          placeholder="No mood"
          data={moodOptions}
          clearable
        />
        <TextInput
          {...form.getInputProps("experience")}
          label="Experience"
          placeholder="e.g. Beginner"
          maxLength={200}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
