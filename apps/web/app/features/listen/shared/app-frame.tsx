import { Outlet } from "react-router";
import { usePaidDownloadsPruning } from "../library/use-downloads";
import { ListenShell } from "./listen-shell";

/** The signed-in pages' frame (the header, the tab bar, the player), loaded by routes/listen/app-layout.tsx. */
export function ListenAppFrame() {
  usePaidDownloadsPruning();
  return (
    <ListenShell>
      <Outlet />
    </ListenShell>
  );
}
