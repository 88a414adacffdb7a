import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager, type MantineColorsTuple } from "@mantine/core";
import { foldedOptionsFilter } from "../shared/textSearch";

const fontFamily =
  'Inter, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Naskh Arabic", Tahoma, "DejaVu Sans", "Helvetica Neue", Arial, sans-serif';

// Mantine's palettes with the three darkest shades darkened where they fall short of WCAG AA's
// 4.5:1: white on the filled shade (7), the shade as text on white and on a striped row, and the
// light variant's text (9) on its background (1).
const teal: MantineColorsTuple = [
  "#e6fcf5",
  "#c3fae8",
  "#96f2d7",
  "#63e6be",
  "#38d9a9",
  "#20c997",
  "#12b886",
  "#087f5b",
  "#07704f",
  "#066649",
];
const red: MantineColorsTuple = [
  "#fff5f5",
  "#ffe3e3",
  "#ffc9c9",
  "#ffa8a8",
  "#ff8787",
  "#ff6b6b",
  "#fa5252",
  "#c92a2a",
  "#b42525",
  "#a02020",
];
const orange: MantineColorsTuple = [
  "#fff4e6",
  "#ffe8cc",
  "#ffd8a8",
  "#ffc078",
  "#ffa94d",
  "#ff922b",
  "#fd7e14",
  "#b34700",
  "#9a3d00",
  "#8a3300",
];
const blue: MantineColorsTuple = [
  "#e7f5ff",
  "#d0ebff",
  "#a5d8ff",
  "#74c0fc",
  "#4dabf7",
  "#339af0",
  "#228be6",
  "#1971c2",
  "#1864ab",
  "#145591",
];
const green: MantineColorsTuple = [
  "#ebfbee",
  "#d3f9d8",
  "#b2f2bb",
  "#8ce99a",
  "#69db7c",
  "#51cf66",
  "#40c057",
  "#237032",
  "#1f642c",
  "#1a5e2a",
];

export const theme = createTheme({
  colors: { teal, red, orange, blue, green },
  primaryColor: "teal",
  primaryShade: { light: 7, dark: 7 },
  fontFamily,
  headings: { fontFamily, fontWeight: "650" },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Select: { defaultProps: { filter: foldedOptionsFilter } },
    MultiSelect: { defaultProps: { filter: foldedOptionsFilter } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // A table wider than its place shows its scrollbar, not only under the mouse: its last columns
    // are then seen to be further along, never taken for cut off.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { type: "auto" } } },
  },
});

// Mantine's dimmed text (gray 6 on white, 3.3:1; dark 2 on dark 7, 4.48:1) and its error colour
// (red 6 on white, 3.3:1: a refused field's typed text and its message; red 8 on dark 7, 2.4:1)
// fall short of AA.
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { "--mantine-color-dimmed": t.colors.gray[7], "--mantine-color-error": t.colors.red[7] },
  dark: { "--mantine-color-dimmed": t.colors.dark[1], "--mantine-color-error": t.colors.red[4] },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: "theme" });
