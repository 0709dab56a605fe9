import { Outlet } from "react-router";
import { SiteLayout } from "../../components/layouts/site-layout";

export default function SiteLayoutRoute() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
