#!/usr/bin/env bash
# Build .venv from nothing and make sure the system tools bridgescan needs are there.
# Idempotent: a second run only checks. Used by `make run`, `make test` and CI.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=.venv
STAMP="$VENV/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
SYSTEM_PACKAGES=(tesseract-ocr tesseract-ocr-eng)

say() { printf '[bootstrap] %s\n' "$*" >&2; }

# 1. System tools: Tesseract reads printed board numbers (ocr/printed.py).
missing=()
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr tesseract-ocr-eng)
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing ${missing[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${SYSTEM_PACKAGES[@]}" >/dev/null
  else
    say "missing system packages: ${missing[*]}"
    say "install them as root, e.g.: sudo apt-get install ${SYSTEM_PACKAGES[*]}"
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
  "$VENV/bin/python" -m pip install -q --upgrade pip
  "$VENV/bin/python" -m pip install -q -e '.[dev]'
  rm -f "$VENV"/.installed-*
  touch "$STAMP"
fi
