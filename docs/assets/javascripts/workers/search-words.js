// Material's search worker with the words of a query kept whole. Material cuts each run of
// Han characters of a query into the longest words its index holds, but never reads the
// run's last character: 石取り (a word of the index) became 石り and found nothing. Japanese
// queries are cut into words by TinySegmenter already (search-ja.js), as the index was, so
// the worker's index answers "no such word" to that cutting (it asks `word in index`, which
// lunr itself never does) and leaves every run whole.
// Material's worker is named after the "#" of this script's address (overrides/main.html).
/* global lunr */
"use strict";
importScripts(decodeURIComponent(self.location.hash.slice(1)));

const build = lunr.Builder.prototype.build;
lunr.Builder.prototype.build = function () {
  const index = build.call(this);
  index.invertedIndex = new Proxy(index.invertedIndex, { has: () => false });
  return index;
};
