import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { appVersionBodySchema, devices } from "@serene/contract";
import { IconBrandAndroid, IconBrandApple, type TablerIcon } from "@tabler/icons-react";
import { LoadError } from "../../../components/ui/load-error";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { formatDate, formatDateTime } from "../../../lib/format";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import {
  type Device,
  publishAppVersion,
  savePlatformConfig,
  useAppConfig,
  useAppVersion,
  useAppVersionHistory,
} from "../api";

export const deviceNames: Record<Device, string> = { android: "Android", ios: "iOS" };
const deviceIcons: Record<Device, TablerIcon> = { android: IconBrandAndroid, ios: IconBrandApple };
const deviceOptions = devices.map((device) => ({ value: device, label: deviceNames[device] }));

/** App Versions: each device's current version, the form to publish one, and the history. */
export function AppVersionsPanel() {
  return (
    <Paper
      component="section"
      aria-labelledby="app-versions"
      withBorder
      radius="lg"
      p={{ base: "sm", sm: "md" }}
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="app-versions">
          App Versions
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          {devices.map((device) => (
            <CurrentVersion key={device} device={device} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {devices.map((device) => (
            <PlatformSettings key={device} device={device} />
          ))}
        </SimpleGrid>
        <VersionForm />
        <VersionHistory />
      </Stack>
    </Paper>
  );
}

function CurrentVersion({ device }: { device: Device }) {
  const version = useAppVersion(device);
  const DeviceIcon = deviceIcons[device];
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`${deviceNames[device]} version`}>
      <Group gap={6} mb={4}>
        <DeviceIcon size={18} aria-hidden="true" />
        <Text fw={700} size="sm">
          {deviceNames[device]}
        </Text>
      </Group>
      {version.isPending ? (
        <Skeleton h={48} radius="sm" />
      ) : version.isError ? (
        <Text size="sm" c="red.9">
          {version.error.message}
        </Text>
      ) : version.data.updated_at ? (
        <>
          <Text fz={22} fw={800} lh={1.2} style={{ fontVariantNumeric: "tabular-nums" }}>
            {version.data.v_name}
          </Text>
          <Text size="xs" c="dimmed">
            Version code {version.data.v_code}
          </Text>
          <Text size="xs" c="dimmed">
            Updated{" "}
            <time dateTime={version.data.updated_at} title={formatDateTime(version.data.updated_at)}>
              {formatDate(version.data.updated_at)}
            </time>
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Not published yet
        </Text>
      )}
    </Paper>
  );
}

/** A platform's update settings: below the minimum supported V-CODE the app must update from the store URL. */
function PlatformSettings({ device }: { device: Device }) {
  const config = useAppConfig();
  if (config.isPending) return <Skeleton h={150} radius="md" />;
  const current = config.data?.find((c) => c.platform === device);
  const values = { minSupported: current?.minSupported ?? "", storeUrl: current?.storeUrl ?? "" };
  // Saved values start a fresh form.
  return (
    <PlatformSettingsForm key={`${values.minSupported} ${values.storeUrl}`} device={device} values={values} />
  );
}

function PlatformSettingsForm({
  device,
  values,
}: {
  device: Device;
  values: { minSupported: string; storeUrl: string };
}) {
  const refreshAfter = useRefreshAfter();
  const form = useForm({
    initialValues: values,
    validate: {
      minSupported: (v) =>
        v.trim() === "" || /^\d{1,10}$/.test(v.trim()) ? null : "Must be a whole number (the build number)",
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await savePlatformConfig(device, {
        minSupported: values.minSupported.trim() || null,
        storeUrl: values.storeUrl.trim() || null,
      });
      notifySuccess(answer.message);
      await refreshAfter("appVersion");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("The settings were not saved", error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`${deviceNames[device]} update settings`}>
      <Paper withBorder radius="md" p="sm">
        <Text fw={700} size="sm" mb={6}>
          {deviceNames[device]} update settings
        </Text>
        <Stack gap="xs">
          <TextInput
            {...form.getInputProps("minSupported")}
            label="Minimum supported V-CODE"
            description="Older builds must update"
            placeholder="e.g. 200"
            inputMode="numeric"
            maxLength={10}
          />
          <TextInput
            {...form.getInputProps("storeUrl")}
            label="Store URL"
            type="url"
            placeholder={
              device === "android"
                ? "https://play.google.com/store/apps/details?id=…"
                : "https://apps.apple.com/app/…"
            }
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" size="xs" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

interface VersionValues {
  v_code: string;
  v_name: string;
  device: Device | null;
}

function VersionForm() {
  const refreshAfter = useRefreshAfter();
  const form = useForm<VersionValues>({
    initialValues: { v_code: "", v_name: "", device: null },
    validate: validateWith<VersionValues>(appVersionBodySchema, ({ device }) => ({
      device: device ? undefined : "Choose the device",
    })),
    transformValues: (values) => ({ ...values, v_code: values.v_code.trim(), v_name: values.v_name.trim() }),
  });

  const publish = async (body: { device: Device; v_code: string; v_name: string }) => {
    try {
      const answer = await publishAppVersion(body);
      notifySuccess(answer.message);
      form.reset();
      await refreshAfter("appVersion");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("The version was not updated", error.message);
    }
  };

  const submit = form.onSubmit((values) => {
    // Checked by the form's validation.
    const device = values.device!;
    modals.openConfirmModal({
      title: `Update the ${deviceNames[device]} app`,
      children: (
        <Text>
          Are you sure you want to update the {deviceNames[device]} app to version {values.v_name} (code{" "}
          {values.v_code})? {deviceNames[device]} users are asked to update.
        </Text>
      ),
      labels: { confirm: `Update ${deviceNames[device]}`, cancel: "Cancel" },
      onConfirm: () => void publish({ device, v_code: values.v_code, v_name: values.v_name }),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="publish-version">
      <Title order={3} fz="sm" id="publish-version" mb={6}>
        Publish a version
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          {...form.getInputProps("v_code")}
          label="V-CODE"
          placeholder="e.g. 240"
          inputMode="numeric"
          maxLength={10}
          required
        />
        <TextInput
          {...form.getInputProps("v_name")}
          label="V-NAME"
          placeholder="e.g. 2.4.0"
          maxLength={40}
          required
        />
        <Select
          {...form.getInputProps("device")}
          label="Device"
          placeholder="Choose"
          data={deviceOptions}
          required
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={form.submitting}>
          Update
        </Button>
      </Group>
    </form>
  );
}

function VersionHistory() {
  return (
    <Tabs defaultValue="android" variant="outline" keepMounted={false}>
      <Tabs.List aria-label="Version history">
        {devices.map((device) => (
          <Tabs.Tab key={device} value={device}>
            {deviceNames[device]} history
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {devices.map((device) => (
        <Tabs.Panel key={device} value={device} pt="xs">
          <HistoryList device={device} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function HistoryList({ device }: { device: Device }) {
  const history = useAppVersionHistory(device);
  if (history.isPending) return <Skeleton h={80} radius="sm" />;
  if (history.isError) {
    return (
      <LoadError
        title="The history could not be loaded"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xs">
        No {deviceNames[device]} version published yet.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={6} fz="sm" aria-label={`${deviceNames[device]} versions`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>V-NAME</Table.Th>
          <Table.Th>V-CODE</Table.Th>
          <Table.Th>Published</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.slice(0, 10).map((version, index) => (
          <Table.Tr key={`${version.v_code}-${version.updated_at}`}>
            <Table.Td fw={index === 0 ? 700 : undefined}>
              {version.v_name}{" "}
              {index === 0 && (
                <Badge size="xs" variant="light" ml={4}>
                  Current
                </Badge>
              )}
            </Table.Td>
            <Table.Td style={{ fontVariantNumeric: "tabular-nums" }}>{version.v_code}</Table.Td>
            <Table.Td>{formatDateTime(version.updated_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
