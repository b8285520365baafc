# Shared by the Benchmarks/*.sh scripts (source it after setting ROOT): the binary under test
# and the one timing loop. Every timed run goes through `timed`, under GNU time -v, so every
# script reads the same wall-clock and peak-memory figures from the same kind of file.

# bench_binary NAME: sets SPATIAL_EVAL to the release binary (built when missing) unless the
# caller set it; NAME is the script's name for the error message.
bench_binary() {
  if [[ -z "${SPATIAL_EVAL:-}" ]]; then
    SPATIAL_EVAL="$ROOT/.build/release/spatial-eval"
    if [[ ! -x "$SPATIAL_EVAL" ]]; then
      echo "== building spatial-eval (release)" >&2
      (cd "$ROOT" && swift build -c release --static-swift-stdlib --product spatial-eval > /dev/null)
    fi
  fi
  [[ -x "$SPATIAL_EVAL" ]] || { echo "$1: binary '$SPATIAL_EVAL' missing (set SPATIAL_EVAL)" >&2; exit 1; }
}

# bench_gnu_time: installs GNU time when /usr/bin/time is missing (Debian package `time`).
bench_gnu_time() {
  [[ -x /usr/bin/time ]] && return 0
  echo "== installing GNU time" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q time > /dev/null \
    || { apt-get update -q > /dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q time > /dev/null; }
}

# timed DIR TAG COMMAND...: one run of COMMAND with standard input empty; standard output to
# DIR/TAG.out, standard error to DIR/TAG.err, GNU time's report to DIR/TAG.time. A failing run
# prints the end of its error output and stops the script.
timed() {
  local dir="$1" tag="$2"; shift 2
  bench_gnu_time
  /usr/bin/time -v -o "$dir/$tag.time" "$@" > "$dir/$tag.out" 2> "$dir/$tag.err" < /dev/null \
    || { tail -n 20 "$dir/$tag.err" >&2; echo "$(basename "$0"): $tag failed" >&2; exit 1; }
}

# wall_seconds FILE.time: the run's wall-clock seconds from GNU time's report.
wall_seconds() {
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$1"
}
