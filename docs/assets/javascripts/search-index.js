// Material's search downloads search/search_index.json as each page loads. This script
// (loaded before Material's bundle) makes that download wait until the reader opens the
// search, and asks instead for the index of the page's language,
// search/search_index.<lang>.json (written by scripts/sitehooks/search.py). A page opened
// from a search result (?h=words, search.highlight) needs the index at once.
(function () {
  "use strict";
  var INDEX = /search_index\.json$/;
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;

  var searchUsed = new Promise(function (resolve) {
    function check(event) {
      var target = event.target;
      if (target && (target.id === "__search" ||
          (target.matches && target.matches("[data-md-component=search-query]")))) {
        document.removeEventListener("focusin", check, true);
        document.removeEventListener("change", check, true);
        resolve();
      }
    }
    document.addEventListener("focusin", check, true);
    document.addEventListener("change", check, true);
    if (new URLSearchParams(location.search).has("h")) resolve();
  });

  XMLHttpRequest.prototype.open = function (method, url) {
    var target = new URL(String(url), location.href);
    this.searchIndex = INDEX.test(target.pathname);
    if (this.searchIndex) {
      var lang = document.documentElement.lang || "en";
      target.pathname = target.pathname.replace(INDEX, "search_index." + lang + ".json");
      arguments[1] = target.href;
    }
    return open.apply(this, arguments);
  };

  XMLHttpRequest.prototype.send = function () {
    var xhr = this, args = arguments;
    if (!xhr.searchIndex) return send.apply(xhr, args);
    searchUsed.then(function () { send.apply(xhr, args); });
  };
})();
