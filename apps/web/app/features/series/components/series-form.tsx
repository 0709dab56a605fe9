import {
  ActionIcon,
  Button,
  Group,
  Input,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  createSeriesBodySchema,
  MAX_SERIES_ITEMS,
  MIN_SERIES_ITEMS,
  type Resource,
  type Series,
} from "@serene/contract";
import { IconArrowDown, IconArrowUp, IconX } from "@tabler/icons-react";
import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { contentQuery, useInterests } from "../../../lib/shared-api";
import { ContentCover } from "../../../components/entities/content-cover";
import { MediaField } from "../../../components/media/media-field";
import { useMediaUpload } from "../../../components/media/use-media-upload";
import { CountedTextarea } from "../../../components/ui/counted-textarea";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { createSeries, updateSeries } from "../api";
import { ContentPicker } from "./content-picker";

interface SeriesFormValues {
  title: string;
  description: string;
  interestID: string | null;
  published: boolean;
  itemIds: string[];
}

type Shown = Pick<Resource, "_id" | "title" | "image">;

/** The titles and covers of the chosen contents: those picked now, and a stored series' own. */
function useItemsShown(series: Series | undefined, picked: Record<string, Shown>) {
  const stored = useQueries({ queries: (series?.itemIds ?? []).map((id) => contentQuery(id)) });
  return (id: string): Shown | undefined =>
    picked[id] ?? stored.find((query) => query.data?._id === id)?.data;
}

const validate = validateWith<SeriesFormValues>(
  createSeriesBodySchema.pick({ title: true, description: true, itemIds: true }),
);

/** Build or change a series: title, description, cover, interest, its contents in order, published. */
export function SeriesForm({
  series,
  onCancel,
  onSaved,
}: {
  series?: Series;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const refreshAfter = useRefreshAfter();
  const image = useMediaUpload("image");
  const interests = useInterests();
  const [picked, setPicked] = useState<Record<string, Shown>>({});
  const shown = useItemsShown(series, picked);
  const form = useForm<SeriesFormValues>({
    initialValues: {
      title: series?.title ?? "",
      description: series?.description ?? "",
      interestID: series?.interestID ?? null,
      published: series?.published ?? false,
      itemIds: series?.itemIds ?? [],
    },
    validate,
  });
  const items = form.values.itemIds;
  const move = (from: number, to: number) => form.reorderListItem("itemIds", { from, to });

  const submit = form.onSubmit(async (values) => {
    const uploaded = await image.result().catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("The image could not be uploaded", error.message);
      return undefined;
    });
    if (uploaded === undefined) return;
    try {
      const answer = series
        ? await updateSeries(series._id, { ...values, ...(uploaded && { image: uploaded.secure_url }) })
        : await createSeries({ ...values, image: uploaded?.secure_url ?? null });
      notifySuccess(answer.message);
      void refreshAfter("series");
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure(
        series ? "The series was not updated" : "The series was not created",
        error.fieldErrors.length ? "Please correct the highlighted fields." : error.message,
      );
    }
  });

  const busy = image.state.status === "uploading" || form.submitting;
  const itemsError =
    form.errors.itemIds ?? Object.entries(form.errors).find(([key]) => key.startsWith("itemIds."))?.[1];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <MediaField
          label="Cover image"
          upload={image}
          currentUrl={series?.image}
          error={form.errors.image}
          disabled={form.submitting}
        />
        <TextInput {...form.getInputProps("title")} label="Title" required maxLength={200} />
        <CountedTextarea
          {...form.getInputProps("description")}
          value={form.values.description}
          label="Description"
          max={5000}
          minRows={3}
        />
        <Select
          {...form.getInputProps("interestID")}
          label="Interest"
          placeholder="None"
          clearable
          data={(interests.data ?? []).map((interest) => ({ value: interest._id, label: interest.name }))}
        />

        <Input.Wrapper
          label={`Contents, in order (${MIN_SERIES_ITEMS} to ${MAX_SERIES_ITEMS})`}
          required
          error={itemsError}
        >
          <Stack gap={6} mt={6}>
            {items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No contents yet: add them below, then order them with the arrows.
              </Text>
            ) : (
              <Stack
                component="ol"
                gap={6}
                m={0}
                p={0}
                aria-label="Contents of the series"
                style={{ listStyle: "none" }}
              >
                {items.map((id, index) => {
                  const content = shown(id);
                  const name = content?.title ?? "this content";
                  return (
                    <Paper component="li" key={id} withBorder radius="md" p={6}>
                      <Group gap="sm" wrap="nowrap">
                        <Text fw={700} w={24} ta="center" c="dimmed" aria-hidden="true">
                          {index + 1}
                        </Text>
                        <ContentCover resource={{ image: content?.image ?? null }} />
                        <Text fw={600} size="sm" lineClamp={2} style={{ flex: 1 }}>
                          {content?.title ?? "Loading…"}
                        </Text>
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${name} up`}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          >
                            <IconArrowUp size={16} aria-hidden="true" />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${name} down`}
                            disabled={index === items.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            <IconArrowDown size={16} aria-hidden="true" />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${name}`}
                            onClick={() => form.removeListItem("itemIds", index)}
                          >
                            <IconX size={16} aria-hidden="true" />
                          </ActionIcon>
                        </Group>
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            )}
          </Stack>
        </Input.Wrapper>
        <ContentPicker
          chosen={items}
          disabled={items.length >= MAX_SERIES_ITEMS || form.submitting}
          onPick={(content) => {
            setPicked((current) => ({ ...current, [content._id]: content }));
            form.insertListItem("itemIds", content._id);
          }}
        />
        <Switch
          {...form.getInputProps("published", { type: "checkbox" })}
          label="Published: listeners see it"
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save series"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
