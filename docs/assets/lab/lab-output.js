// Rich output of the Lab (made by grundy.lab.show): pictures and tables with a CSV download.

const SHOWN_ROWS = 200;
const TEXT = {
  en: { csv: "Download CSV ({n} rows)", more: "First {shown} of {total} rows shown; the CSV holds {sent}." },
  ja: { csv: "CSV をダウンロード ({n} 行)", more: "{total} 行のうち最初の {shown} 行を表示しています (CSV には {sent} 行)。" },
};

function say(lang, key, fields) {
  return TEXT[lang][key].replace(/\{(\w+)\}/g, (_, k) => Number(fields[k]).toLocaleString(lang));
}

/** An SVG picture as an <img> (a picture cannot run scripts, whatever the code made). */
export function renderSvg({ svg, alt }) {
  const img = document.createElement("img");
  img.className = "lab-svg";
  img.alt = alt || "";
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  const figure = document.createElement("figure");
  figure.className = "lab-figure";
  figure.append(img);
  return figure;
}

function csvField(value) {
  const s = String(value ?? "");
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header, rows) {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\n") + "\n";
}

function cellRow(tag, values) {
  const tr = document.createElement("tr");
  for (const value of values) {
    const cell = document.createElement(tag);
    cell.textContent = String(value ?? "");
    if (tag === "th") cell.scope = "col";
    tr.append(cell);
  }
  return tr;
}

/** A table (first SHOWN_ROWS rows) with a button downloading every row as CSV. */
export function renderTable({ header, rows, total, name }, lang) {
  const box = document.createElement("div");
  box.className = "lab-table";
  const table = document.createElement("table");
  const head = document.createElement("thead");
  head.append(cellRow("th", header));
  const body = document.createElement("tbody");
  for (const row of rows.slice(0, SHOWN_ROWS)) body.append(cellRow("td", row));
  table.append(head, body);
  const scroll = document.createElement("div");
  scroll.className = "lab-table-scroll";
  scroll.append(table);
  const link = document.createElement("a");
  link.className = "md-button lab-csv";
  link.dataset.csv = "";
  link.download = `${(name || "table").replace(/[^\w.-]+/g, "_")}.csv`;
  link.textContent = say(lang, "csv", { n: rows.length });
  link.href = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: "text/csv" }));
  box.append(scroll, link);
  if (rows.length > SHOWN_ROWS || total > rows.length) {
    const note = document.createElement("p");
    note.className = "lab-note";
    note.textContent = say(lang, "more", { shown: Math.min(SHOWN_ROWS, rows.length), total, sent: rows.length });
    box.append(note);
  }
  return box;
}
