// Japanese queries for Material's search: the index is segmented into words by
// TinySegmenter (search lang "ja"), but a typed query such as "グランディ数" is not.
// This script segments Japanese runs of the query the same way ("グランディ 数") when
// Material reads the search box, using the tinyseg.js that Material ships, loaded when the
// search box is first focused (10 kB that a reader who does not search does not need; a
// query typed before it has arrived is searched again once it has).
// Material reads the box on each key released; a query entered without keys (an input
// method's word chosen with the mouse or by touch, a paste, a field filled by a test or
// an assistive tool) is announced to it as one (a second search answered "type to start
// searching" otherwise).
(function () {
  "use strict";
  var input = document.querySelector("[data-md-component=search-query]");
  var self = document.currentScript;
  if (!input || !self) return;
  var JAPANESE = /[\u3005\u3006\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]+/g;
  var native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  var segmenter = null;

  function segment(query) {
    if (!segmenter) return query;
    return query.replace(JAPANESE, function (run) {
      return " " + segmenter.segment(run).join(" ") + " ";
    }).replace(/\s+/g, " ").trim();
  }

  input.addEventListener("input", function (event) {
    if (!event.isComposing) input.dispatchEvent(new KeyboardEvent("keyup"));
  });
  input.addEventListener("compositionend", function () {
    input.dispatchEvent(new KeyboardEvent("keyup"));
  });

  var src = new URL("lunr/tinyseg.js", self.src).href;
  function load() {
    input.removeEventListener("focus", load);
    window.lunr = window.lunr || {};
    var script = document.createElement("script");
    script.src = src;
    script.onload = function () {
      if (typeof window.lunr.TinySegmenter !== "function") return;
      segmenter = new window.lunr.TinySegmenter();
      Object.defineProperty(input, "value", {
        configurable: true,
        get: function () { return segment(native.get.call(this)); },
        set: function (value) { native.set.call(this, value); }
      });
      if (native.get.call(input)) input.dispatchEvent(new KeyboardEvent("keyup")); // typed meanwhile
    };
    document.head.appendChild(script);
  }

  input.addEventListener("focus", load);
})();
