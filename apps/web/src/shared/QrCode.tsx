import QRCode from "qrcode";
import { useMemo } from "react";

/** The otpauth:// URI as an SVG QR code, drawn here: the secret never leaves the page. */
export function QrCode({ value, title }: { value: string; title: string }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
    let d = "";
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    return { d, size: modules.size + 8 };
  }, [value]);
  return (
    <svg
      viewBox={`0 0 ${path.size} ${path.size}`}
      width={200}
      height={200}
      role="img"
      data-testid="two-factor-qr"
      shapeRendering="crispEdges"
    >
      <title>{title}</title>
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
