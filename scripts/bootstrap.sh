#!/usr/bin/env bash
# Build .venv from nothing and make sure the system tools bridgescan needs are there.
# Idempotent: a second run only checks. Used by `make run`, `make test` and CI.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=.venv
STAMP="$VENV/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
# tesseract: printed board numbers (ocr/printed.py). chromium-headless-shell: the headless
# browser of the web tests (tests/pipeline/web/, driven by Playwright with Debian's build). postgresql: the server the
# tests start as a throw-away cluster (tests/postgres.py) to run the event store on PostgreSQL
# as well as SQLite; bridgescan needs a server only when pointed at one.
# libreoffice-calc-nogui and poppler-utils: the tests print the result workbook to PDF with
# LibreOffice and look at its pages (pdfinfo, pdftotext, pdftoppm). The rest is training and
# benchmark data for the scan reader, split by source (ocr/training/synthetic/sources.py):
# opencv-doc's examples/data/digits.png holds 5,000 real MNIST digits (TEST side only); the
# fonts are handwriting by different writers, each family on one side of the split only.
SYSTEM_PACKAGES=(tesseract-ocr tesseract-ocr-eng chromium-headless-shell postgresql
  libreoffice-calc-nogui poppler-utils opencv-doc
  fonts-dkg-handwriting fonts-humor-sans fonts-bwht fonts-comic-neue fonts-rufscript
  fonts-sjfonts fonts-kaushanscript fonts-seto fonts-yozvox-yozfont-standard-kana
  fonts-breip fonts-klee fonts-dancingscript fonts-ecolier-court fonts-kristi
  fonts-leckerli-one fonts-tomsontalks fonts-kiloji)

say() { printf '[bootstrap] %s\n' "$*" >&2; }

# 1. System packages.
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for package in "${SYSTEM_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$package")
  done
else  # not Debian: only the tesseract binary can be checked; the rest is optional there
  command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
fi
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing ${missing[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "missing system packages: ${missing[*]}"
    say "install them as root, e.g.: sudo apt-get install ${missing[*]}"
    exit 3
  fi
fi

# 2. Python: 3.11 or newer, in a virtual environment of the project's own.
"$PYTHON" - <<'PY' || { say "bridgescan needs Python >= 3.11 (set PYTHON=/path/to/python3.11)"; exit 3; }
import sys
sys.exit(0 if sys.version_info >= (3, 11) else 1)
PY
if [ ! -x "$VENV/bin/python" ]; then
  say "creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
if [ ! -f "$STAMP" ]; then
  say "installing bridgescan and its dependencies into $VENV (first run takes a few minutes)"
  log="$VENV/install.log"
  if ! { "$VENV/bin/python" -m pip install -q --upgrade pip &&
         "$VENV/bin/python" -m pip install -q -e '.[dev]'; } >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    say "pip install failed; the whole log is in $log"
    exit 3
  fi
  rm -f "$VENV"/.installed-*
  touch "$STAMP"
fi
