#!/usr/bin/env bash
# npm test — every check, in order, on a clean clone (CI runs it with CI=true, no stdin):
#   typecheck → lint (ESLint + layering rules, zero warnings) → format (Prettier check) → statecharts up to date → production build (with manifest)
#   → the variant build (.tmp/dist-variant: a mobile site and a chat script configured, for the e2e variant server) → vitest unit+model
#   → server tests on PGlite → server tests on PostgreSQL 15 → the demo course media → browser present → Playwright e2e
# Every step runs even when an earlier one failed (except e2e, which needs the build), so one
# run shows everything that is wrong. The last line is `N passed, M failed` (test cases of all
# Vitest and Playwright runs; a failed step without a failing test case counts as one failure).
# Exit status: non-zero when anything failed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ ! -d node_modules ]; then
  echo "==== node_modules missing: npm ci"
  npm ci --no-audit --no-fund
fi

mkdir -p .tmp
STEPS=.tmp/test-steps.tsv
: >"$STEPS"
rm -f .tmp/test-*.json

total_steps=12
step_no=0
build_ok=1
started_all=$SECONDS

# run_step <name> <kind: check|vitest|playwright> <report json or -> <command…>
run_step() {
  local name=$1 kind=$2 report=$3
  shift 3
  step_no=$((step_no + 1))
  echo
  echo "==== [$step_no/$total_steps] $name: $*"
  local start=$SECONDS rc=0
  if "$@" </dev/null; then rc=0; else rc=$?; fi
  local took=$((SECONDS - start))
  if [ "$rc" -eq 0 ]; then echo "---- $name: ok (${took}s)"; else echo "---- $name: FAILED (exit $rc, ${took}s)"; fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$rc" "$took" "$kind" "$([ "$report" = - ] && echo '' || echo "$report")" >>"$STEPS"
  return 0
}

skip_step() {
  local name=$1 kind=$2 why=$3
  step_no=$((step_no + 1))
  echo
  echo "==== [$step_no/$total_steps] $name: SKIPPED ($why)"
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" 255 0 "$kind" '' >>"$STEPS"
}

VITEST_REPORT=(--reporter=default --reporter=json --passWithNoTests)

run_step typecheck check - npx tsc -p tsconfig.json --noEmit
run_step lint check - npx eslint . --max-warnings 0
run_step format check - npx prettier --check .
run_step statecharts check - npx tsx scripts/statecharts.ts --check

run_step build check - npx vite build --mode prod --manifest
if [ "$(tail -n 1 "$STEPS" | cut -f2)" != 0 ]; then build_ok=0; fi
# The e2e variant server's build (playwright.config.ts, VARIANT_PORT): VITE_* set in the environment win over .env.prod.
run_step "build (variant)" check - env VITE_MOBILE_ORIGIN=https://m.xuetu.test VITE_CHAT_SCRIPT=https://chat.xuetu.test/widget.js \
  npx vite build --mode prod --manifest --outDir .tmp/dist-variant --emptyOutDir --logLevel warn
if [ "$(tail -n 1 "$STEPS" | cut -f2)" != 0 ]; then build_ok=0; fi

run_step "unit+model" vitest .tmp/test-unit.json \
  npx vitest run --project unit --project model "${VITEST_REPORT[@]}" --outputFile=.tmp/test-unit.json
run_step "server (PGlite)" vitest .tmp/test-server.json \
  npx vitest run --project server "${VITEST_REPORT[@]}" --outputFile=.tmp/test-server.json
run_step "server (PostgreSQL 15)" vitest .tmp/test-server-pg.json \
  bash scripts/with-postgres.sh npx vitest run --project server "${VITEST_REPORT[@]}" --outputFile=.tmp/test-server-pg.json

# The demo course media (ffmpeg, ~30 s the first time on a checkout), before the e2e servers start.
run_step media check - npx tsx scripts/course-media.ts
run_step browser check - bash scripts/ensure-browser.sh
browser_ok=1
if [ "$(tail -n 1 "$STEPS" | cut -f2)" != 0 ]; then browser_ok=0; fi

if [ "$build_ok" -eq 1 ] && [ "$browser_ok" -eq 1 ]; then
  run_step e2e playwright .tmp/test-e2e.json \
    env PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/test-e2e.json npx playwright test --reporter=list,json --pass-with-no-tests
else
  skip_step e2e playwright "$([ "$build_ok" -eq 1 ] && echo 'no browser' || echo 'the build failed')"
fi

echo
echo "all steps: $((SECONDS - started_all))s"
node scripts/test-summary.mjs "$STEPS"
