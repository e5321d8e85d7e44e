#!/usr/bin/env bash
# Fuzz/run.sh TARGET SECONDS: builds the libFuzzer binary for TARGET and fuzzes it for SECONDS.
#
# Targets (one per parser that takes user text; each checks its round trip):
#   TypeEncoding        type encodings and method signatures (MiniRuntime)
#   SelectorName        the selector grammar (MiniRuntime)
#   PropertyAttributes  property attribute strings (MiniRuntime)
#   KeyPath             key paths with collection operators, through KVC and KVO (KVO)
#
# The library sources are compiled here, optimised, with AddressSanitizer and libFuzzer's
# coverage (`swiftc -sanitize=fuzzer,address`), into Fuzz/.build (not a SwiftPM product).
# Seeds come from Fuzz/corpus/TARGET; inputs the fuzzer finds go to Fuzz/.build/corpus/TARGET.
# A crash or a violated property writes Fuzz/.build/artifacts/TARGET/crash-… and exits non-zero;
# reproduce with `Fuzz/.build/TARGET Fuzz/.build/artifacts/TARGET/crash-…`, then add the input
# to the regression tests (Tests/*/FuzzRegressionTests.swift).
#
# Extra arguments after SECONDS go to libFuzzer (for example -jobs=2 or -seed=1).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: Fuzz/run.sh TypeEncoding|SelectorName|PropertyAttributes|KeyPath SECONDS [libFuzzer flags]" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
target=$1
seconds=$2
shift 2
extra=()
case $target in
  TypeEncoding | SelectorName | PropertyAttributes) modules=(MiniRuntime) ;;
  # LeakSanitizer cannot see Swift's weak-reference side tables (the object's refcount word
  # holds the side table's address shifted) nor indirect enum boxes behind spare-bit tags, so
  # weak references and KVO's cached signatures show up as leaks: leak checking is off here.
  KeyPath)
    modules=(MiniRuntime MiniFoundation KVO)
    extra=(-detect_leaks=0)
    export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
    ;;
  *) usage ;;
esac

# Let libFuzzer and ASan report a crash: Swift's own backtracer fights ASan for the crashed
# process and can leave a symbolizer holding the terminal, so CI would hang instead of failing.
export SWIFT_BACKTRACE=enable=no

build=Fuzz/.build
# -package-name: the modules share `package` declarations (AdaptiveLock), as SwiftPM builds them.
# -I Sources/CSwiftRuntime/include: MiniRuntime imports that header-only C module (its module map
# is there; the functions it declares are libswiftCore's).
flags=(-O -wmo -g -parse-as-library -swift-version 6 -package-name MiniKVO -sanitize=fuzzer,address -I "$build" -L "$build"
  -I Sources/CSwiftRuntime/include)
mkdir -p "$build/corpus/$target" "$build/artifacts/$target"

# Builds Sources/NAME into $build/libNAME.a and its module, unless they are newer than every
# source (and than the modules they import).
build_module() {
  local name=$1 stamp="$build/lib$1.a"
  if [[ -f $stamp ]] && [[ -z $(find "Sources/$name" Sources/CSwiftRuntime Fuzz/run.sh "${@:2}" -newer "$stamp" -print -quit) ]]; then
    return
  fi
  echo "fuzz: building $name" >&2
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
    -emit-library -static -o "$stamp" Sources/"$name"/*.swift
}

dependencies=()
link=()
for module in "${modules[@]}"; do
  build_module "$module" "${dependencies[@]}"
  dependencies+=("$build/lib$module.a")
  link=("-l$module" "${link[@]}")  # dependents before what they use, for the static linker
done

binary="$build/$target"
if [[ ! -x $binary ]] || [[ -n $(find "Fuzz/$target" "${dependencies[@]}" -newer "$binary" -print -quit) ]]; then
  echo "fuzz: building $target" >&2
  # gold warns that it cannot export ASan's local symbols: harmless, and hundreds of lines.
  swiftc "${flags[@]}" -module-name "${target}Fuzz" "Fuzz/$target"/*.swift "${link[@]}" -o "$binary" 2>&1 |
    { grep -v "ld.gold: warning: Cannot export local symbol" || true; } >&2
fi

seeds=()
[[ -d Fuzz/corpus/$target ]] && seeds=("Fuzz/corpus/$target")
dictionary=()
[[ -f Fuzz/$target/dictionary.txt ]] && dictionary=("-dict=Fuzz/$target/dictionary.txt")

echo "fuzz: running $target for ${seconds}s" >&2
exec "$binary" -max_total_time="$seconds" -timeout=10 -max_len=512 -print_final_stats=1 \
  -artifact_prefix="$build/artifacts/$target/" "${dictionary[@]}" "${extra[@]}" "$@" "$build/corpus/$target" "${seeds[@]}"
