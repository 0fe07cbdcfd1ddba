// Runs Lighthouse on a list of URLs in one Chromium and prints one JSON line per run.
//
//   node benchmarks/lighthouse_runner.mjs jobs.json
//
// jobs.json: {"jobs": [{"id": "...", "url": "http://...", "preset": "mobile"|"desktop"}]}
// (optional per job: "cpuSlowdown", "throttlingMethod": "simulate"|"devtools")
// Each output line: {"id", "url", "preset", "scores", "metrics", "requests", "audits"}, or
// {"id", "error"} when Lighthouse could not measure the page. Driven by lighthouse.py,
// which computes medians and budgets; this file only measures and extracts.
// Needs lighthouse and chrome-launcher (installed by `make bench` into .tools/lighthouse,
// found through NODE_PATH) and CHROME_PATH (default /usr/bin/chromium).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// Resolve the packages from NODE_PATH (ESM ignores it), so this file can live in benchmarks/.
const roots = (process.env.NODE_PATH || "").split(path.delimiter).filter(Boolean);
const require = createRequire(path.join(roots[0] || process.cwd(), "noop.js"));
const importPackage = async (specifier) => import(require.resolve(specifier));

const { default: lighthouse } = await importPackage("lighthouse");
const { default: desktopConfig } = await importPackage("lighthouse/core/config/desktop-config.js");
const chromeLauncher = await importPackage("chrome-launcher");

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
};
// Performance audits worth keeping as evidence (their top items) when they flag something.
const PERF_EVIDENCE = [
  "largest-contentful-paint-element",
  "lcp-lazy-loaded",
  "render-blocking-resources",
  "render-blocking-insight",
  "unused-javascript",
  "long-tasks",
  "bootup-time",
  "mainthread-work-breakdown",
  "font-display",
  "font-display-insight",
  "layout-shifts",
  "layout-shift-elements",
  "uses-text-compression",
  "document-latency-insight",
  "network-dependency-tree-insight",
];

function itemsOf(audit, limit = 8) {
  const details = audit.details || {};
  let items = Array.isArray(details.items) ? details.items : [];
  // LCP element and phases (and insights) come as a list of tables.
  if (details.type === "list") items = items.flatMap((table) => (Array.isArray(table.items) ? table.items : []));
  return items.slice(0, limit).map((item) => {
    const kept = {};
    for (const [key, value] of Object.entries(item)) {
      if (value === null || value === undefined) continue;
      if (typeof value === "object") {
        if (value.type === "node") kept[key] = value.snippet || value.selector;
        else if (value.type === "source-location") kept[key] = value.url;
        else if (value.type === "url" || value.type === "code" || value.type === "text")
          kept[key] = value.value;
        continue;
      }
      kept[key] = typeof value === "string" ? value.slice(0, 300) : value;
    }
    return kept;
  });
}

function summarize(lhr) {
  const scores = {};
  for (const id of CATEGORIES) scores[id] = lhr.categories[id]?.score ?? null;
  const metrics = {};
  for (const [name, id] of Object.entries(METRICS)) metrics[name] = lhr.audits[id]?.numericValue ?? null;
  const requests = (lhr.audits["network-requests"]?.details?.items || []).map((item) => ({
    url: item.url,
    transferSize: item.transferSize || 0,
    resourceType: item.resourceType || "",
    mimeType: item.mimeType || "",
    statusCode: item.statusCode,
  }));
  // Failing audits of every category (id, title, score, what it says, a few items).
  const audits = {};
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs || []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const failing =
        audit.scoreDisplayMode !== "notApplicable" &&
        audit.scoreDisplayMode !== "manual" &&
        audit.scoreDisplayMode !== "informative" &&
        audit.score !== null &&
        audit.score < (id === "performance" ? 0.9 : 1);
      if (!failing) continue;
      audits[ref.id] = {
        category: id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue || "",
        items: itemsOf(audit),
      };
    }
  }
  for (const id of PERF_EVIDENCE) {
    const audit = lhr.audits[id];
    if (!audit || audits[id] || audit.scoreDisplayMode === "notApplicable") continue;
    if (!audit.details) continue;
    audits[id] = {
      category: "performance-evidence",
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue || "",
      items: itemsOf(audit),
    };
  }
  return {
    finalUrl: lhr.finalDisplayedUrl || lhr.finalUrl,
    runtimeError: lhr.runtimeError?.message || null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    scores,
    metrics,
    requests,
    audits,
  };
}

const jobsFile = process.argv[2];
if (!jobsFile) {
  console.error("usage: node lighthouse_runner.mjs jobs.json");
  process.exit(2);
}
const { jobs } = JSON.parse(readFileSync(jobsFile, "utf8"));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: CHROME_FLAGS,
  logLevel: "silent",
});
let failed = 0;
try {
  for (const job of jobs) {
    // ignoreStatusCode: the not-found page is meant to answer 404, and is measured too.
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      ignoreStatusCode: true,
    };
    const config = job.preset === "desktop" ? desktopConfig : undefined;
    // Mobile only: the desktop preset does not slow the CPU down.
    if (job.cpuSlowdown && job.preset !== "desktop") flags.throttling = { cpuSlowdownMultiplier: job.cpuSlowdown };
    // "devtools": a real throttled load (Chrome slows the network and CPU down while the
    // page loads) instead of Lighthouse's default, a simulation (Lantern) from a fast load.
    if (job.throttlingMethod) flags.throttlingMethod = job.throttlingMethod;
    try {
      const result = await lighthouse(job.url, flags, config);
      process.stdout.write(JSON.stringify({ ...job, ...summarize(result.lhr) }) + "\n");
    } catch (error) {
      failed += 1;
      process.stdout.write(JSON.stringify({ ...job, error: String(error?.stack || error) }) + "\n");
    }
  }
} finally {
  await chrome.kill();
}
process.exit(failed === jobs.length && jobs.length > 0 ? 1 : 0);
