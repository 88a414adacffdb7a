// Code 128, the receipt's barcode: symbols 0–105 as the widths of their bar, space, bar, space,
// bar and space (in modules), then the stop symbol, which ends on a bar.
const WIDTHS =
  "212222222122222221121223121322131222122213122312132212221213221312231212112232122132122231113222123122123221223211221132221231213212223112312131311222321122321221312212322112322211212123212321232121111323131123131321112313132113132311211313231113231311112133112331132131113123113321133121313121211331231131213113213311213131311123311321331121312113312311332111314111221411431111111224111422121124121421141122141221112214112412122114122411142112142211241211221114413111241112134111111242121142121241114212124112124211411212421112421211212141214121412121111143111341131141114113114311411113411311113141114131311141411131211412211214211232";
const STOP = "2331112";
const START_B = 104;
const START_C = 105;
const TO_B = 100;
const TO_C = 99;

const digitsAt = (text: string, i: number) => {
  let n = 0;
  while (i + n < text.length && text.charCodeAt(i + n) >= 48 && text.charCodeAt(i + n) <= 57) n++;
  return n;
};

/**
 * The symbols that encode `text` (printable ASCII): code set B, switching to set C (two digits a
 * symbol) for runs of four digits or more, then the check symbol.
 */
export function code128Symbols(text: string): number[] {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new RangeError(`Code 128 here encodes printable ASCII only: ${text}`);
  const lead = digitsAt(text, 0);
  let setC = lead >= 4 || (lead === text.length && lead >= 2 && lead % 2 === 0);
  const codes = [setC ? START_C : START_B];
  for (let i = 0; i < text.length; ) {
    const run = digitsAt(text, i);
    if (setC) {
      if (run >= 2) {
        codes.push(Number(text.slice(i, i + 2)));
        i += 2;
      } else {
        codes.push(TO_B);
        setC = false;
      }
    } else if (run >= 4) {
      // An odd run starts in set B, so the rest pairs up.
      if (run % 2) codes.push(text.charCodeAt(i++) - 32);
      codes.push(TO_C);
      setC = true;
    } else {
      codes.push(text.charCodeAt(i++) - 32);
    }
  }
  codes.push(codes.reduce((sum, code, i) => sum + code * Math.max(i, 1), 0) % 103);
  return codes;
}

/** The bars of `text`'s barcode, as [start, width] in modules, and its whole width in modules. */
export function code128Bars(text: string): { bars: [number, number][]; modules: number } {
  const widths = code128Symbols(text)
    .map((code) => WIDTHS.slice(code * 6, code * 6 + 6))
    .join("")
    .concat(STOP);
  const bars: [number, number][] = [];
  let x = 0;
  for (let i = 0; i < widths.length; i++) {
    const w = Number(widths[i]);
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  }
  return { bars, modules: x };
}
