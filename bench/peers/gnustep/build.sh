#!/usr/bin/env bash
# Builds the GNUstep peer benchmark: bench/peers/gnustep/.build/gnustep-bench
# Installs Debian's GNUstep packages first, but only when gnustep-config is absent.
# Compiles with gcc's own libobjc and manual retain/release (no ARC, no libobjc2).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v gnustep-config >/dev/null 2>&1; then
  echo "build.sh: gnustep-config not found, installing GNUstep (apt-get)" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q >&2
  $SUDO apt-get install -y -q gobjc gnustep-make libgnustep-base-dev gnustep-base-runtime >&2
fi

mkdir -p "$here/.build"
# gnustep-config's flags include -MMD -MP; the .d file lands next to the output in .build/.
# shellcheck disable=SC2046
gcc $(gnustep-config --objc-flags) -O2 "$here/bench.m" -o "$here/.build/gnustep-bench" \
  $(gnustep-config --base-libs)
echo "built $here/.build/gnustep-bench" >&2
