// The page the service worker (scripts/service-worker.js) answers with when the reader is
// offline and the page asked for is not saved: no offline copy, or a page missing from
// it. It needs nothing else (its style is in it): it says so in the page's language and
// links to the pages that are saved, or says how to save the site and what that costs.

const TEXT = {
  en: {
    title: "Offline: this page is not saved",
    heading: "You are offline",
    notSaved: "This page is not saved on this device: it opens once you are back online.",
    saved: "These pages are saved on this device and open offline:",
    none: (mb) => "Nothing of this site is saved on this device. Online, the button “Save the site for "
      + `offline use” at the foot of every page saves all of it (${mb} MB to download).`,
    retry: "Try again",
  },
  ja: {
    title: "オフライン：このページは保存されていません",
    heading: "オフラインです",
    notSaved: "このページはこの端末に保存されていません。オンラインに戻ると開けます。",
    saved: "次のページはこの端末に保存されていて、オフラインでも開けます：",
    none: (mb) => "このサイトはこの端末に保存されていません。オンラインのときに、どのページにも一番下にある"
      + `「オフラインで使えるようにサイトを保存」のボタンで、サイト全体を保存できます（ダウンロード ${mb} MB）。`,
    retry: "もう一度読み込む",
  },
};

const STYLE = `
:root { color-scheme: light dark; --brown: #5b3a29; }
body { margin: 0; font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans JP", sans-serif; }
header { background: var(--brown); color: #fffaf3; padding: 0.75rem 1rem; font-weight: 600; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; line-height: 1.3; }
li { margin: 0.3rem 0; }
a { color: LinkText; }
@media (prefers-color-scheme: dark) { a { color: #ffc58f; } }`;

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The page's HTML: lang "en" | "ja", the site's name, the address asked for, the saved
 *  pages [{href, title}], and the megabytes saving the whole site costs. */
export function offlinePage({ lang, site, address, pages, megabytes }) {
  const t = TEXT[lang];
  const list = pages.map(({ href, title }) => `<li><a href="${escape(href)}">${escape(title)}</a></li>`).join("");
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t.title)} - ${escape(site)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escape(site)}</header>
<main>
<h1 data-offline-page>${escape(t.heading)}</h1>
<p>${escape(t.notSaved)}</p>
${pages.length ? `<p>${escape(t.saved)}</p>\n<ul>${list}</ul>` : `<p>${escape(t.none(megabytes))}</p>`}
<p><a href="${escape(address)}">${escape(t.retry)}</a></p>
</main>
</body>
</html>
`;
}
