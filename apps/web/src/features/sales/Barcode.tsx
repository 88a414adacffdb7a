import JsBarcode from "jsbarcode";
import { useEffect, useRef } from "react";

/** A receipt number as a CODE128 barcode, as markup (for the printed page). */
export function barcodeSvg(code: string): string {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  JsBarcode(svg, code, { format: "CODE128", height: 40, width: 1.6, fontSize: 12, margin: 0 });
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", code);
  return svg.outerHTML;
}

/** A receipt number as a CODE128 barcode on screen; the number itself reads under it. */
export function Barcode({ code }: { code: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current) JsBarcode(ref.current, code, { format: "CODE128", height: 40, width: 1.6, fontSize: 12, margin: 0 });
  }, [code]);
  return <svg ref={ref} role="img" aria-label={code} data-testid="sale-barcode-image" />;
}
