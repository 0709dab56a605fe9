import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import type { HostResourceDetail, Mood, PaymentType } from "@serene/contract";
import { moods } from "@serene/contract/listener";
import { MediaField } from "../../../components/media/media-field";
import {
  TranscriptField,
  type TranscriptValues,
  transcriptBody,
  transcriptValues,
} from "../../../components/media/transcript-field";
import { useFileUpload } from "../../../components/media/use-file-upload";
import { useInterests } from "../catalogue/api";
import { FormFailure } from "../shared/form-failure";
import { moodLabels } from "../shared/format";
import { useApiForm } from "../shared/use-api-form";
import { uploadAsHost } from "./api";
import { sayLength, useAudioLength } from "./audio-length";

type Values = {
  title: string;
  description: string;
  moodType: Mood | "";
  interestID: string;
  paymentType: PaymentType;
} & TranscriptValues;

/** What the form hands on: its fields, and the files' URLs once stored (undefined: keep the current one). */
export interface HostContentFields {
  title: string;
  description: string;
  moodType: Mood;
  interestID: string;
  paymentType: PaymentType;
  image: string | undefined;
  resourceUrl: string | undefined;
  transcript: ReturnType<typeof transcriptBody>;
}

/**
 * The host's content: title, description, cover, audio, mood, interest, paid or free and a
 * transcript (pasted, or a WebVTT or text file). The files upload as soon as they are chosen,
 * showing the bytes sent; the audio's length shows as soon as the browser has read it.
 * `current`: the content being edited (its files are kept unless others are chosen).
 */
export function HostContentForm({
  current,
  submitLabel,
  onSave,
}: {
  current?: HostResourceDetail;
  submitLabel: string;
  onSave: (fields: HostContentFields) => Promise<void>;
}) {
  const interests = useInterests();
  const form = useForm<Values>({
    initialValues: {
      title: current?.title ?? "",
      description: current?.description ?? "",
      moodType: current?.moodType ?? "",
      interestID: current?.interest?._id ?? "",
      paymentType: current?.paymentType ?? "free",
      ...transcriptValues(current?.transcript),
    },
    validate: {
      title: (v) => (v.trim() ? null : "Please give it a title"),
      moodType: (v) => (v ? null : "Please choose a mood"),
      interestID: (v) => (v ? null : "Please choose an interest"),
    },
  });
  const { busy, failure, setFailure, run } = useApiForm(form);
  const cover = useFileUpload("image", uploadAsHost);
  const audio = useFileUpload("audio", uploadAsHost);
  const chosenAudio = audio.state.status === "empty" ? null : audio.state.file;
  const length = useAudioLength(chosenAudio);

  const submit = form.onSubmit((values) =>
    run(async () => {
      if (!current && (cover.state.status === "empty" || audio.state.status === "empty")) {
        setFailure("Please choose a cover image and an audio file.");
        return;
      }
      const [image, sound] = await Promise.all([cover.result(), audio.result()]);
      await onSave({
        title: values.title,
        description: values.description,
        moodType: values.moodType as Mood,
        interestID: values.interestID,
        paymentType: values.paymentType,
        image: image?.secure_url,
        resourceUrl: sound?.secure_url,
        transcript: transcriptBody(values, current?.transcript != null),
      });
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormFailure message={failure} />
        <TextInput {...form.getInputProps("title")} label="Title" maxLength={200} withAsterisk />
        <Textarea
          {...form.getInputProps("description")}
          label="Description"
          autosize
          minRows={3}
          maxLength={5000}
        />
        <MediaField label="Cover" upload={cover} currentUrl={current?.image} withAsterisk={!current} />
        <Stack gap={4}>
          <MediaField label="Audio (MP3)" upload={audio} withAsterisk={!current} />
          <Text size="sm" data-testid="audio-length" aria-live="polite">
            {length !== null
              ? `Length: ${sayLength(length)}, measured from the file (measured again when it is stored).`
              : current?.durationSeconds != null
                ? `Length: ${sayLength(current.durationSeconds)}, measured from the audio.`
                : "The length is measured from the file once you choose it."}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            {...form.getInputProps("moodType")}
            label="Mood"
            placeholder="Choose a mood"
            data={moods.map((m) => ({ value: m, label: moodLabels[m].label }))}
            allowDeselect={false}
            withAsterisk
          />
          <Select
            {...form.getInputProps("interestID")}
            label="Interest"
            placeholder={interests.isPending ? "Loading…" : "Choose an interest"}
            data={(interests.data ?? []).map((i) => ({ value: i._id, label: i.name }))}
            allowDeselect={false}
            searchable
            withAsterisk
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="payment-label">
            Paid or free
          </Text>
          <SegmentedControl
            aria-labelledby="payment-label"
            value={form.values.paymentType}
            onChange={(v) => form.setFieldValue("paymentType", v as PaymentType)}
            data={[
              { value: "free", label: "Free" },
              { value: "paid", label: "Paid" },
            ]}
            style={{ alignSelf: "flex-start" }}
          />
        </Stack>
        <TranscriptField
          format={form.values.transcriptFormat}
          text={form.values.transcriptText}
          onFormat={(f) => form.setFieldValue("transcriptFormat", f)}
          onText={(t) => form.setFieldValue("transcriptText", t)}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
