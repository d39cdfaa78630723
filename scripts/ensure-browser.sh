#!/usr/bin/env bash
# Makes sure the browser the e2e tests and the statechart renderer use is installed: Debian's
# chromium at /usr/bin/chromium, plus fonts-noto-cjk so Chinese text renders (screenshots,
# layout sizes). `npx playwright install` is not used: it downloads a browser build.
#   root:      installs the missing packages with apt-get
#   otherwise: prints what to install and exits 1
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()

if [ ! -x "$CHROMIUM" ]; then
  missing+=(chromium)
fi

have_cjk_fonts() {
  if command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null | head -n 1)" ]; then
    return 0
  fi
  dpkg -s fonts-noto-cjk >/dev/null 2>&1
}
if ! have_cjk_fonts; then
  missing+=(fonts-noto-cjk)
fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "ensure-browser: $CHROMIUM and CJK fonts present ($("$CHROMIUM" --version 2>/dev/null | head -n 1 || echo 'version unknown'))"
  exit 0
fi

cmd="apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-browser: installing ${missing[*]} (apt-get)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" </dev/null
  if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-browser: $CHROMIUM still missing after installing chromium" >&2
    exit 1
  fi
  echo "ensure-browser: done ($("$CHROMIUM" --version 2>/dev/null | head -n 1 || true))"
  exit 0
fi

cat >&2 <<MSG
ensure-browser: missing: ${missing[*]}
The end-to-end tests and the statechart SVGs need Debian's chromium at $CHROMIUM and the
fonts-noto-cjk fonts. Install them as root (about a minute):

  sudo sh -c '$cmd'

(\`npx playwright install\` is not supported here: it downloads its own browser build.)
MSG
exit 1
