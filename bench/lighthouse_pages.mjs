// Lighthouse on several pages in one Node process and one headless Chromium, as its
// command line does each (mobile preset; the origin's storage and the cache are cleared
// before each page), for bench/lighthouse.py: one start of Node, Lighthouse and Chromium
// instead of one per page.
//
// usage: CHROME_PATH=... node bench/lighthouse_pages.mjs CATEGORIES "CHROME FLAGS" URL...
// Prints one JSON line per page: {url, scores, benchmark, version, metrics}.

import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [categories, flags, ...urls] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromeFlags: flags.split(" ").filter(Boolean) });
try {
  for (const url of urls) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories.split(","),
      disableFullPageScreenshot: true,  // (for the report's pictures only: 6 s of CPU a page)
    });
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(Object.entries(lhr.categories).map(([name, c]) => [name, c.score]));
    console.log(JSON.stringify({
      url, scores, benchmark: lhr.environment.benchmarkIndex, version: lhr.lighthouseVersion,
      metrics: lhr.audits.metrics?.details?.items?.[0] ?? null,
    }));
  }
} finally {
  await chrome.kill();
}
