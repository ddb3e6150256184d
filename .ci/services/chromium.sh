#!/usr/bin/env bash
# Installs Debian's chromium, the browser the dashboard's end-to-end test drives
# (cmd/vigil/dashboard_e2e_test.go, through chromedp; no browser download). The test finds it on
# PATH (or at $VIGIL_CHROMIUM). Developers run it too.
set -euo pipefail
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
  echo "installing chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
