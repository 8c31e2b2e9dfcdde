#!/usr/bin/env bash
# install-browser.sh — makes sure Debian's Chromium and ChromeDriver are there for the tests that
# check pages in a real browser (the HTML report of muster simulate --html). Idempotent: prints
# nothing and exits 0 when both are installed. Installs them with apt-get (as root, or with sudo
# that asks no password); otherwise says why not and exits 0, and the browser tests are skipped —
# unless MUSTER_REQUIRE_BROWSER=1 (CI sets it), where it exits 1.
#
#   bin/install-browser.sh        (the browser tests run it themselves when the browser is missing)
set -euo pipefail

chromium="${MUSTER_CHROMIUM:-/usr/bin/chromium}"
driver="${MUSTER_CHROMEDRIVER:-/usr/bin/chromedriver}"
[[ -x $chromium && -x $driver ]] && exit 0

fail() {
  echo "install-browser: $*" >&2
  if [[ ${MUSTER_REQUIRE_BROWSER:-} == 1 ]]; then
    exit 1
  fi
  echo "install-browser: the browser tests are skipped (install Debian's chromium and chromium-driver to run them)" >&2
  exit 0
}

command -v apt-get >/dev/null 2>&1 || fail "no apt-get here: Chromium and ChromeDriver must be installed by hand"
if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  fail "not root and no password-less sudo: cannot install chromium and chromium-driver"
fi

echo "install-browser: installing Debian's chromium and chromium-driver (once)..." >&2
log="$(mktemp "${TMPDIR:-/tmp}/install-browser.XXXXXX")"
export DEBIAN_FRONTEND=noninteractive
# The package lists of a fresh machine may be missing or stale: update only if the install fails.
if ! "${as_root[@]}" apt-get install -y -q --no-install-recommends chromium chromium-driver >"$log" 2>&1; then
  if ! { "${as_root[@]}" apt-get update -q && "${as_root[@]}" apt-get install -y -q --no-install-recommends chromium chromium-driver; } >>"$log" 2>&1; then
    tail -20 "$log" >&2
    rm -f "$log"
    fail "apt-get could not install chromium and chromium-driver (output above)"
  fi
fi
rm -f "$log"
[[ -x $chromium && -x $driver ]] || fail "apt-get ran, but $chromium or $driver is still missing"
echo "install-browser: $("$chromium" --version 2>/dev/null || echo chromium), $("$driver" --version 2>/dev/null | head -1)" >&2
