import { Anchor, Stack } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { createHostContent, refreshHostContent } from "../../features/listen/host/api";
import { HostContentForm } from "../../features/listen/host/host-content-form";
import { hostContentPath } from "../../features/listen/host/host-content-item";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { notifySuccess } from "../../lib/notify";
import { pageMeta } from "../../lib/meta";

export const meta = () => pageMeta({ title: "Upload", description: "Upload a meditation for review." });

export default function HostUpload() {
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={720}>
      <PageHeading
        title="Upload"
        intro={
          <>
            It is published once we have reviewed it.{" "}
            <Anchor component={Link} to="/listen/host" underline="always">
              My content
            </Anchor>
          </>
        }
      />
      <HostContentForm
        submitLabel="Send for review"
        onSave={async ({ image, resourceUrl, transcript, ...fields }) => {
          const created = await createHostContent({
            ...fields,
            image: image!,
            resourceUrl: resourceUrl!,
            ...(transcript && { transcript }),
          });
          notifySuccess(`"${created.data.title}" was sent for review.`);
          await refreshHostContent();
          await navigate(hostContentPath(created.data._id));
        }}
      />
    </Stack>
  );
}
