import JsBarcode from "jsbarcode";
import { barcodeFormat, LABEL_LAYOUTS, type LabelLayout, type LabelLayoutKey, pagesOf } from "./layouts";

/** One label as it prints: the item's name, its barcode, its price or prices, and an expiry when asked for. */
export interface LabelContent {
  key: string;
  name: string;
  barcode: string | null;
  /** Each price with its currency, as the page's language writes it. */
  prices: string[];
  /** "Exp. 31/12/2027" in the page's language, or none. */
  expiry: string | null;
}

/**
 * A barcode as SVG markup drawn by JsBarcode (bars and digits as attributes, no inline style, so the
 * page's Content-Security-Policy keeps it): EAN-13 for a valid EAN-13, else Code 128, with the quiet
 * zones a scanner needs (11 and 7 modules beside an EAN-13, 10 beside Code 128). Null for a code
 * the symbology cannot carry.
 */
export function barcodeMarkup(code: string): string | null {
  const format = barcodeFormat(code);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  const module = 2;
  const draw = (height: number) =>
    JsBarcode(svg, code, {
      format,
      width: module,
      height,
      margin: 0,
      marginLeft: (format === "EAN13" ? 11 : 10) * module,
      marginRight: (format === "EAN13" ? 7 : 10) * module,
      fontSize: 18,
      textMargin: 1,
      font: "monospace",
      background: "#ffffff",
    });
  try {
    draw(60);
    // A long code is drawn taller, so that scaled down to the label's width its bars keep a scanner's height.
    const width = Number(svg.getAttribute("viewBox")?.split(" ")[2] ?? 0);
    if (width * 0.3 > 60) draw(Math.round(width * 0.3));
  } catch {
    return null;
  }
  // Scaled to the room the label gives it, never stretched (the bars keep their proportions).
  svg.setAttribute("width", "100%");
  svg.setAttribute("height", "100%");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  // Bars on whole pixels, sharp on screen and on a label printer's dots rather than blurred at their edges.
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", code);
  return svg.outerHTML;
}

/** Each code is drawn once: a print of many labels of one item draws its barcode once. */
const drawn = new Map<string, string | null>();
const markupOf = (code: string) => {
  if (!drawn.has(code)) drawn.set(code, barcodeMarkup(code));
  return drawn.get(code) ?? null;
};

function Barcode({ code }: { code: string }) {
  const markup = markupOf(code);
  if (!markup)
    return (
      <div className="label-barcode label-barcode-none" dir="ltr">
        {code}
      </div>
    );
  return (
    // A barcode reads left to right in every language: never mirrored in a right-to-left page.
    <div
      className="label-barcode"
      dir="ltr"
      data-barcode={code}
      data-format={barcodeFormat(code)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG the app draws itself from the code (JsBarcode), no user markup
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

function Label({ label }: { label: LabelContent }) {
  return (
    <div className="label" data-testid="label">
      <div className="label-name">
        <bdi>{label.name}</bdi>
      </div>
      {label.barcode ? <Barcode code={label.barcode} /> : <div className="label-barcode" />}
      {(label.prices.length > 0 || label.expiry) && (
        <div className="label-foot">
          {label.prices.map((p) => (
            <span key={p} className="label-price" data-testid="label-price">
              <bdi>{p}</bdi>
            </span>
          ))}
          {label.expiry && (
            <span className="label-expiry" data-testid="label-expiry">
              <bdi>{label.expiry}</bdi>
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The labels as pages of their stock: a roll's page is one label, an A4 sheet's a grid of them.
 * The same markup is the dialog's preview and, in the page's print portal, what prints.
 */
export function LabelPages({
  labels,
  layoutKey,
  skip = 0,
  testId,
}: {
  labels: LabelContent[];
  layoutKey: LabelLayoutKey;
  skip?: number;
  testId?: string;
}) {
  const layout: LabelLayout = LABEL_LAYOUTS[layoutKey];
  const pages = pagesOf(labels, layout, skip);
  return (
    <div className={`labels-pages labels-${layoutKey}`} data-testid={testId} data-layout={layoutKey}>
      {pages.map((page, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered by place and never move
        <div key={i} className="labels-page" data-testid="labels-page">
          {page.map((l, j) =>
            l ? (
              <Label key={l.key} label={l} />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: an empty place of a used sheet
              <div key={`blank-${j}`} className="label label-blank" />
            ),
          )}
        </div>
      ))}
    </div>
  );
}
