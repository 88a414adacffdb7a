import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { PRINT_CSS, printBodyHtml } from "../DataTable/print";
import { usePrint } from "../usePrint";
import { type SheetContent, sheetPrintable } from "./DocSheet";
import "./docPrint.css";

/** The print's styles on the copy's own root: what the print frame's body has, the copy's host has. */
let shared: CSSStyleSheet | undefined;
const copyStyles = () => {
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(PRINT_CSS.replace("body{", ":host{display:block;"));
  }
  return shared;
};

/**
 * The document as its Print button prints it, kept in the page for the browser's own print (Ctrl+P,
 * the browser's menu): hidden on screen, on paper the only thing there is (docPrint.css), so the
 * browser prints the same A4 document as the button, not the application around it. Written into
 * a shadow root with the print's own styles (a constructed style sheet, which the page's
 * Content-Security-Policy allows), and written again just before a print, so "Printed by … on …"
 * tells the moment it is printed.
 */
export function DocPrintCopy({ sheet }: { sheet: SheetContent }) {
  const { documentOf } = usePrint();
  const host = useRef<HTMLDivElement>(null);
  const doc = documentOf(sheetPrintable(sheet));
  const html = printBodyHtml(doc);
  const latest = useRef(() => html);
  latest.current = () => printBodyHtml(documentOf(sheetPrintable(sheet)));

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const root = el.shadowRoot ?? el.attachShadow({ mode: "open" });
    if (!root.adoptedStyleSheets.length) root.adoptedStyleSheets = [copyStyles()];
    root.innerHTML = html;
  }, [html]);

  useEffect(() => {
    const before = () => {
      const root = host.current?.shadowRoot;
      if (root) root.innerHTML = latest.current();
    };
    window.addEventListener("beforeprint", before);
    return () => window.removeEventListener("beforeprint", before);
  }, []);

  return createPortal(<div ref={host} className="doc-print" dir={doc.dir} lang={doc.lang} data-testid="doc-print" />, document.body);
}
