// The assignment page as the student's while an assignment is open (#a=…): the document's
// title and the page's h1 are the assignment's, and the teacher's parts (.cr-teacher in
// assign.md: the introduction, "How it works") are hidden, with their entries in the table
// of contents. Another page (instant navigation) or the plain address brings the page's own.

/** The page as the student's, titled `title`; returns stop(): the document's title is
 *  kept (instant navigation writes the page's own after its content) until then. */
export function studentView(title) {
  for (const part of document.querySelectorAll(".cr-teacher")) part.hidden = true;
  const h1 = document.querySelector(".md-content h1");
  if (h1) h1.textContent = title;
  for (const nav of document.querySelectorAll(".md-nav--secondary")) {
    for (const link of nav.querySelectorAll("a[href*='#']")) {
      const id = decodeURIComponent(new URL(link.href).hash.slice(1));
      if (document.getElementById(id)?.closest(".cr-teacher")) link.closest("li").hidden = true;
    }
    if (!nav.querySelector("li:not([hidden])")) nav.hidden = true;
  }
  const site = document.title.split(" - ").slice(1).pop();
  const wanted = site ? `${title} - ${site}` : title;
  const keep = () => { if (document.title !== wanted) document.title = wanted; };
  const watch = new MutationObserver(keep);
  watch.observe(document.head, { childList: true, subtree: true, characterData: true });
  keep();
  return () => {
    watch.disconnect();
    document.documentElement.classList.remove("cr-student-view"); // set by assign.md's first script
  };
}
