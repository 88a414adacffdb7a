import { createTheme, localStorageColorSchemeManager } from "@mantine/core";
import { foldedOptionsFilter } from "../shared/textSearch";

const fontFamily =
  'Inter, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Naskh Arabic", Tahoma, "DejaVu Sans", "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 7, dark: 6 },
  fontFamily,
  headings: { fontFamily, fontWeight: "650" },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Select: { defaultProps: { filter: foldedOptionsFilter } },
    MultiSelect: { defaultProps: { filter: foldedOptionsFilter } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: "theme" });
