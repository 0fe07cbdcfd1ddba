// The MDN HTTP Observatory's scan (src/scanner/index.js) on a host with its own ports:
// the package's CLI takes a host name only and always uses ports 80 and 443.
//   node benchmarks/observatory.mjs <package folder> <host> <http port> <https port>
// Prints the scan as JSON: grade, score, and each test's result and pass.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, host, httpPort, httpsPort] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(path.join(packageDir, "src", file)).href);

const { retrieve } = await load("retriever/retriever.js");
const { ALL_TESTS, NUM_TESTS } = await load("constants.js");
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load("grader/charts.js");
const { getGradeForScore, getScoreModifier } = await load("grader/grader.js");

const retrieved = await retrieve(host, { httpPort, httpsPort });
if (!retrieved.responses.auto) {
  console.log(JSON.stringify({ error: `cannot connect to ${host}` }));
  process.exit(1);
}
const results = ALL_TESTS.map((test) => test(retrieved));
let passed = 0;
let withExtraCredit = 100;
let uncurved = 100;
const tests = {};
for (const result of results) {
  const modifier = result.result ? getScoreModifier(result.result) : 0;
  passed += result.pass ? 1 : 0;
  withExtraCredit += modifier;
  if (modifier < 0) uncurved += modifier;
  tests[result.constructor.name] = { result: result.result, pass: result.pass, modifier };
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
console.log(
  JSON.stringify({
    grade: final.grade,
    score: final.score,
    status: retrieved.responses.auto.status,
    passed,
    quantity: NUM_TESTS,
    tests,
  }),
);
