import { Button, Group, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createResourceBodySchema, formatDuration, type Mood, moods, type Resource } from "@serene/contract";
import {
  TranscriptField,
  type TranscriptValues,
  transcriptBody,
  transcriptValues,
} from "../../../components/media/transcript-field";
import { useNavigate } from "react-router";
import { useInterests, useMe } from "../../../lib/shared-api";
import { moodLabels } from "../../../components/entities/mood-badge";
import { UserSelect } from "../../../components/entities/user-select";
import { MediaField } from "../../../components/media/media-field";
import { useMediaUpload } from "../../../components/media/use-media-upload";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { createResource, updateResource } from "../api";

interface ContentFormValues extends TranscriptValues {
  title: string;
  description: string;
  duration: string;
  interestID: string | null;
  userID: string | null;
  moodType: Mood | null;
  paymentType: Resource["paymentType"];
}

const moodOptions = moods.map((mood) => ({ value: mood, label: moodLabels[mood] }));

interface ContentFormProps {
  /** The content to update; without it the form creates one. */
  resource?: Resource;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * Create or update a content. Files upload as soon as they are chosen (with progress); Duration
 * shows the audio's length as the server measured it (read-only: the file is the duration). On
 * update only replaced files are sent.
 */
export function ContentForm({ resource, onCancel, onSaved }: ContentFormProps) {
  const navigate = useNavigate();
  const refreshAfter = useRefreshAfter();
  const interests = useInterests();
  // An editor does not search users (the users list is an admin's): their contents are their own,
  // an update keeps its uploader.
  const me = useMe();
  const editor = me.data?.user_role === "editor";
  const form = useForm<ContentFormValues>({
    initialValues: {
      title: resource?.title ?? "",
      description: resource?.description ?? "",
      duration: resource?.duration ?? "",
      interestID: resource?.interestID ?? null,
      userID: resource?.userID ?? null,
      moodType: resource?.moodType ?? null,
      paymentType: resource?.paymentType ?? "free",
      ...transcriptValues(resource?.transcript),
    },
    validate: validateWith<ContentFormValues>(
      createResourceBodySchema.pick({ title: true, description: true, paymentType: true }),
      ({ userID, moodType }) => ({
        userID: userID || editor ? undefined : "Select a user",
        moodType: moodType ? undefined : "Select a mood",
      }),
    ),
  });
  const image = useMediaUpload("image");
  const audio = useMediaUpload("audio", (uploaded) => {
    if (uploaded.duration !== null) form.setFieldValue("duration", formatDuration(uploaded.duration));
  });

  /** Create needs both files (spec 5); update keeps the stored ones unless replaced. */
  const filesMissing = () => {
    const missing = !resource && (image.state.status === "empty" || audio.state.status === "empty");
    if (missing) notifyFailure("Please select your image and audio file");
    return missing;
  };

  const submit = form.onSubmit(
    async (values) => {
      if (filesMissing()) return;
      const files = await Promise.all([image.result(), audio.result()]).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        notifyFailure("Image or Audio encountered error during upload", error.message);
        return null;
      });
      if (!files) return;
      const [newImage, newAudio] = files;
      const fields = {
        title: values.title,
        description: values.description,
        interestID: values.interestID,
        transcript: transcriptBody(values, resource?.hasTranscript ?? false),
        // Both checked by the form's validation (an editor's own id when they pick none).
        userID: values.userID ?? me.data!._id,
        moodType: values.moodType!,
        paymentType: values.paymentType,
      };
      try {
        const answer = resource
          ? await updateResource(resource._id, {
              ...fields,
              ...(newImage && { image: newImage.secure_url }),
              ...(newAudio && { resourceUrl: newAudio.secure_url }),
            })
          : // Both files are there: filesMissing() said so.
            await createResource({
              ...fields,
              image: newImage!.secure_url,
              resourceUrl: newAudio!.secure_url,
            });
        notifySuccess(answer.message);
        void refreshAfter("catalogue");
        onSaved();
        if (!resource) void navigate("/admin/contentPage");
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        form.setErrors(error.fieldMessages());
        notifyFailure(
          resource ? "The content was not updated" : "The content was not created",
          error.fieldErrors.length ? "Please correct the highlighted fields." : error.message,
        );
      }
    },
    () => filesMissing(),
  );

  const uploading = image.state.status === "uploading" || audio.state.status === "uploading";
  const busy = uploading || form.submitting;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <MediaField
            label="Cover image"
            upload={image}
            currentUrl={resource?.image}
            error={form.errors.image}
            withAsterisk={!resource}
            disabled={form.submitting}
          />
          <MediaField
            label="Audio"
            upload={audio}
            currentUrl={resource?.resourceUrl}
            error={form.errors.resourceUrl}
            withAsterisk={!resource}
            disabled={form.submitting}
          />
        </SimpleGrid>
        <TextInput {...form.getInputProps("title")} label="Title" required maxLength={200} />
        <Textarea
          {...form.getInputProps("description")}
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            value={form.values.duration}
            label="Duration"
            placeholder="From the audio file"
            description="Measured from the audio"
            inputWrapperOrder={["label", "input", "description", "error"]}
            readOnly
          />
          <Select
            {...form.getInputProps("interestID")}
            label="Interest"
            placeholder="Select Interest"
            data={(interests.data ?? []).map((interest) => ({ value: interest._id, label: interest.name }))}
            searchable
            clearable
            nothingFoundMessage={interests.isPending ? "Loading interests…" : "No interest has that name"}
          />
          {editor ? (
            <TextInput
              label="User"
              value={resource?.userEmail ?? me.data?.email ?? ""}
              description="Editors upload as themselves; an admin can change the uploader"
              readOnly
            />
          ) : (
            <UserSelect
              {...form.getInputProps("userID")}
              valueLabel={resource?.userEmail}
              label="User"
              placeholder="Select User"
              required
            />
          )}
          <Select
            {...form.getInputProps("moodType")}
            label="Mood"
            placeholder="Select Mood"
            data={moodOptions}
            required
          />
        </SimpleGrid>
        <TranscriptField
          format={form.values.transcriptFormat}
          text={form.values.transcriptText}
          error={form.errors.transcript}
          onFormat={(format) => form.setFieldValue("transcriptFormat", format)}
          onText={(text) => form.setFieldValue("transcriptText", text)}
        />
        <Radio.Group {...form.getInputProps("paymentType")} label="Payment type">
          <Group gap="lg" mt={6}>
            <Radio value="free" label="Free" />
            <Radio value="paid" label="Paid" />
          </Group>
        </Radio.Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Uploading Data..." : resource ? "Update Content" : "Create Content"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
