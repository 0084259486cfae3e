// Whether the parser has passed an element. A widget's module may run before the page is
// parsed (a page with a game loads the play widget's module `async`, from its head): an
// element the parser creates after its class is defined is connected before its children
// (the static picture the widget starts from) are parsed. The parser has passed it once a
// node follows it or one of its ancestors, or the document is parsed.

/** Whether `element` and all of its children are parsed. */
export function parsed(element) {
  if (document.readyState !== "loading") return true;
  for (let node = element; node; node = node.parentNode) if (node.nextSibling) return true;
  return false;
}

/** Resolves once `element` is parsed (at once if it is). */
export function whenParsed(element) {
  if (parsed(element)) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!parsed(element)) return;
      observer.disconnect();
      document.removeEventListener("readystatechange", check);
      resolve();
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("readystatechange", check);
  });
}
