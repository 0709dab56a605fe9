// Names something @mantine/core does not export (direct-imports.test.ts builds it).
import { NotAComponent } from "@mantine/core";

globalThis.page = { NotAComponent };
