import reportCss from "./report.css?inline";
import { Box } from "@mantine/core";
import { InlineCss } from "../../components/ui/inline-css";
import { ReportSection } from "../../features/business-portal/components/report-section";
import { usePortal } from "../../features/business-portal/portal-context";
import { sectionMeta } from "./section-meta";

export const meta = () => sectionMeta("Report", "report");

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
