// A QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1-40,
// the mask with the lowest penalty; drawn as an SVG with a quiet zone of 4 modules.
// Written after Project Nayuki's reference implementation (MIT), kept to what a link needs.

// Per version (index 1-40): error-correction codewords per block, and blocks, at level M.
const ECC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
  26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];
const FORMAT_M = 0; // level M's two format bits
const PENALTY = { run: 3, box: 3, finder: 40, balance: 10 };

/** The modules left for data and error correction in a symbol of `version`. */
function rawModules(version) {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

const dataCodewords = (v) => Math.floor(rawModules(v) / 8) - ECC_PER_BLOCK[v] * BLOCKS[v];

/** The centres of the alignment patterns on each axis. */
function alignmentPositions(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const out = [6];
  for (let pos = version * 4 + 10; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

// ---- Reed-Solomon over GF(256), polynomial 0x11D ------------------------------------

function gfMultiply(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i -= 1) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsDivisor(degree) {
  const out = new Array(degree).fill(0);
  out[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      out[j] = gfMultiply(out[j], root);
      if (j + 1 < degree) out[j] ^= out[j + 1];
    }
    root = gfMultiply(root, 2);
  }
  return out;
}

function rsRemainder(data, divisor) {
  const out = new Array(divisor.length).fill(0);
  for (const b of data) {
    const factor = b ^ out.shift();
    out.push(0);
    divisor.forEach((d, i) => { out[i] ^= gfMultiply(d, factor); });
  }
  return out;
}

// ---- the codewords ------------------------------------------------------------------

/** The data codewords: mode "byte", the length, the bytes, terminator and padding. */
function dataBits(bytes, version) {
  const bits = [];
  const put = (value, n) => { for (let i = n - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1); };
  put(0b0100, 4);
  put(bytes.length, version <= 9 ? 8 : 16);
  bytes.forEach((b) => put(b, 8));
  const capacity = dataCodewords(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const words = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return words;
}

/** The data split into blocks, each with its error correction, interleaved. */
function interleaved(data, version) {
  const blocks = BLOCKS[version];
  const eccLen = ECC_PER_BLOCK[version];
  const raw = Math.floor(rawModules(version) / 8);
  const short = blocks - (raw % blocks);
  const shortLen = Math.floor(raw / blocks);
  const divisor = rsDivisor(eccLen);
  const all = [];
  for (let i = 0, k = 0; i < blocks; i += 1) {
    const block = data.slice(k, k + shortLen - eccLen + (i < short ? 0 : 1));
    k += block.length;
    const ecc = rsRemainder(block, divisor);
    if (i < short) block.push(0); // a place holder, skipped below
    all.push([...block, ...ecc]);
  }
  const out = [];
  for (let i = 0; i < all[0].length; i += 1) {
    all.forEach((block, j) => { if (i !== shortLen - eccLen || j >= short) out.push(block[i]); });
  }
  return out;
}

// ---- the symbol ---------------------------------------------------------------------

const MASKS = [
  (x, y) => (x + y) % 2 === 0, (x, y) => y % 2 === 0, (x) => x % 3 === 0, (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0, (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0, (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class QrSymbol {
  constructor(version) {
    this.version = version;
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.drawPatterns();
  }

  set(x, y, dark) {
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }

  /** Finder, timing and alignment patterns, the reserved format area and version bits. */
  drawPatterns() {
    const { size } = this;
    for (let i = 0; i < size; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const d = Math.max(Math.abs(dx), Math.abs(dy));
          if (cx + dx >= 0 && cx + dx < size && cy + dy >= 0 && cy + dy < size) this.set(cx + dx, cy + dy, d !== 2 && d !== 4);
        }
      }
    }
    const at = alignmentPositions(this.version);
    const last = at.length - 1;
    at.forEach((cx, i) => at.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }));
    this.drawFormat(0);
    this.drawVersion();
  }

  drawFormat(mask) {
    const data = (FORMAT_M << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    const { size } = this;
    for (let i = 0; i <= 5; i += 1) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i += 1) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i += 1) this.set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i += 1) this.set(8, size - 15 + i, bit(i));
    this.set(8, size - 8, true); // the dark module
  }

  drawVersion() {
    if (this.version < 7) return;
    let rem = this.version;
    for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (this.version << 12) | rem;
    for (let i = 0; i < 18; i += 1) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  /** The codewords in the zigzag of two-module columns, right to left. */
  drawCodewords(words) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert += 1) {
        for (let j = 0; j < 2; j += 1) {
          const x = right - j;
          const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
          if (this.fixed[y][x] || i >= words.length * 8) continue;
          this.dark[y][x] = ((words[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
          i += 1;
        }
      }
    }
  }

  /** Mask `m` over the data modules (applying it twice undoes it). */
  applyMask(m) {
    this.dark.forEach((row, y) => row.forEach((_, x) => {
      if (!this.fixed[y][x] && MASKS[m](x, y)) row[x] = !row[x];
    }));
  }

  /** The standard's penalty: runs of 5+, 2×2 boxes, finder-like stretches, dark/light balance. */
  penalty() {
    const { size, dark } = this;
    const lines = [...dark.map((row) => row.map(Number).join("")),
      ...dark[0].map((_, x) => dark.map((row) => Number(row[x])).join(""))];
    let score = 0;
    for (const line of lines) {
      for (const run of line.match(/0{5,}|1{5,}/g) || []) score += PENALTY.run + run.length - 5;
      score += PENALTY.finder * ((`0000${line}0000`.match(/(?=(10111010000|00001011101))/g) || []).length);
    }
    for (let y = 0; y + 1 < size; y += 1) {
      for (let x = 0; x + 1 < size; x += 1) {
        const c = dark[y][x];
        if (c === dark[y][x + 1] && c === dark[y + 1][x] && c === dark[y + 1][x + 1]) score += PENALTY.box;
      }
    }
    const darkCount = dark.flat().filter(Boolean).length;
    const total = size * size;
    score += PENALTY.balance * (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1);
    return score;
  }
}

/** The QR symbol of `text` (UTF-8, byte mode, level M): rows of booleans, dark = true. */
export function qrMatrix(text) {
  const bytes = [...new TextEncoder().encode(text)];
  const version = [...Array(40).keys()].map((i) => i + 1)
    .find((v) => 4 + (v <= 9 ? 8 : 16) + bytes.length * 8 <= dataCodewords(v) * 8);
  if (!version) throw new Error("too long for a QR code");
  const symbol = new QrSymbol(version);
  symbol.drawCodewords(interleaved(dataBits(bytes, version), version));
  let best = 0;
  let lowest = Infinity;
  for (let m = 0; m < MASKS.length; m += 1) {
    symbol.applyMask(m);
    symbol.drawFormat(m);
    const score = symbol.penalty();
    if (score < lowest) [best, lowest] = [m, score];
    symbol.applyMask(m);
  }
  symbol.applyMask(best);
  symbol.drawFormat(best);
  return symbol.dark;
}

const QUIET = 4; // modules of white around the symbol

/** The QR code of `text` as SVG markup: one path of dark modules on white, with a quiet zone. */
export function qrSvg(text, label) {
  const rows = qrMatrix(text);
  const side = rows.length + 2 * QUIET;
  const path = rows.flatMap((row, y) => row.map((d, x) => (d ? `M${x + QUIET} ${y + QUIET}h1v1h-1z` : ""))).join("");
  const name = String(label).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" class="cr-qr-svg" role="img" `
    + `aria-label="${name}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/>`
    + `<path d="${path}" fill="#000"/></svg>`;
}
