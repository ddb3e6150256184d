// Parses every .sol file under a folder with Slang (@nomicfoundation/slang), on one thread, and
// prints the throughput. Each file is parsed for the newest language version its pragmas allow,
// as a Slang-based tool would. Run by peers.sh with NODE_PATH set to its own install folder:
//
//	node slang-parse.mjs <folder> [rounds]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

// The package is installed outside the repository (see peers.sh), so resolve it from there.
const require = createRequire(join(process.env.VIGIL_BENCH_DIR, "package.json"));
const { Parser } = await import(require.resolve("@nomicfoundation/slang/parser"));
const { LanguageFacts } = await import(require.resolve("@nomicfoundation/slang/utils"));

function solFiles(dir, out) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) solFiles(p, out);
    else if (e.isFile() && e.name.endsWith(".sol")) out.push(p);
  }
  return out;
}

const root = process.argv[2];
const rounds = Number(process.argv[3] || 3);
const sources = solFiles(root, []).map((p) => readFileSync(p, "utf8"));
const bytes = sources.reduce((n, s) => n + Buffer.byteLength(s), 0);
// Parsers per version are made once, outside the timed loop.
const parsers = new Map();
const parserFor = (src) => {
  const versions = LanguageFacts.inferLanguageVersions(src);
  const v = versions.length ? versions[versions.length - 1] : LanguageFacts.latestVersion();
  if (!parsers.has(v)) parsers.set(v, Parser.create(v));
  return parsers.get(v);
};
const jobs = sources.map((src) => [parserFor(src), src]);

let best = Infinity, invalid = 0;
for (let r = 0; r < rounds; r++) {
  invalid = 0;
  const start = process.hrtime.bigint();
  for (const [parser, src] of jobs) {
    if (!parser.parseFileContents(src).isValid()) invalid++;
  }
  best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
}
console.log(JSON.stringify({ files: jobs.length, bytes, seconds: best, mbps: bytes / 1e6 / best, invalid }));
