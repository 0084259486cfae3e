// The results link as a QR code: the npm package qrcode-generator (vendored by
// scripts/vendor.py), byte mode, error correction level M, the smallest version that holds
// the text; drawn as an SVG with a quiet zone of 4 modules.

import qrcode from "../vendor/qrcode/qrcode.mjs";

const QUIET = 4; // modules of white around the symbol

/** The QR symbol of `text` (ASCII, as a link is): rows of booleans, dark = true; null when
 *  the text is too long for one QR code (version 40). */
export function qrMatrix(text) {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  try {
    qr.make();
  } catch {
    return null; // "code length overflow"
  }
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, y) => Array.from({ length: n }, (__, x) => qr.isDark(y, x)));
}

/** The QR code of `text` as SVG markup (one path of dark modules on white, with a quiet
 *  zone), or null when the text is too long for one QR code. */
export function qrSvg(text, label) {
  const rows = qrMatrix(text);
  if (!rows) return null;
  const side = rows.length + 2 * QUIET;
  const path = rows.flatMap((row, y) => row.map((d, x) => (d ? `M${x + QUIET} ${y + QUIET}h1v1h-1z` : ""))).join("");
  const name = String(label).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" class="cr-qr-svg" role="img" `
    + `aria-label="${name}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/>`
    + `<path d="${path}" fill="#000"/></svg>`;
}
