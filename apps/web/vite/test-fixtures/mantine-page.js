// A page using Mantine's styles, one of its components and one Tabler icon (direct-imports.test.ts
// builds it), as the app's pages do.
import "@mantine/core/styles.css";
import { NavLink } from "@mantine/core";
import { IconHome } from "@tabler/icons-react";
import layers from "virtual:mantine-layers";

globalThis.page = { IconHome, layers, NavLink };
