import reportCss from "./report.css?inline";
import { Box } from "@mantine/core";
import { InlineCss } from "../../components/ui/inline-css";
import { ReportSection } from "../../features/business-portal/components/report-section";
import { usePortal } from "../../features/business-portal/portal-context";
import { sectionMeta } from "./section-meta";
import { sectionLoader } from "../../features/business-portal/portal-loaders";
import { reportQuery } from "../../features/business-portal/api";
import { lastEndedMonth } from "../../features/business-portal/components/report-section";

export const meta = () => sectionMeta("Report", "report");

/** The report the section opens on (the last ended month), read beside the business (see portal-loaders.ts). */
export const clientLoader = sectionLoader((client, id) =>
  client.prefetchQuery(reportQuery(id, lastEndedMonth(), lastEndedMonth())),
);

/** The anonymised report (its own plain markup, styled by report.css). */
export default function PortalReport() {
  const { businessId } = usePortal();
  return (
    <Box className="portal-report" maw={960}>
      <InlineCss name="portal-report" css={reportCss} />
      <ReportSection businessId={businessId} />
    </Box>
  );
}
