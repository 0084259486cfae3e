// Typeset the pymdownx.arithmatex (generic) spans with the vendored KaTeX.
// Material's document$ emits on every page load (and on instant navigation, if enabled).
(function () {
  "use strict";
  function typeset() {
    if (typeof renderMathInElement !== "function") return;
    document.querySelectorAll(".arithmatex").forEach(function (el) {
      renderMathInElement(el, {
        delimiters: [
          { left: "\\(", right: "\\)", display: false },
          { left: "\\[", right: "\\]", display: true }
        ],
        throwOnError: false
      });
    });
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(typeset);
  } else {
    document.addEventListener("DOMContentLoaded", typeset);
  }
})();
