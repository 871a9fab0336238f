# Suite names and figures: Google Benchmark, go test, criterion, JMH outputs with colliding, odd, zero,
# negative or missing names and figures, cut or huge outputs. The bench command prints base.txt for the
# release binary and cand.txt for the other (lto), whatever order the rounds run in.
suite_project() {   # suite_project DIR PARSER: base.txt / cand.txt written by the case
  project "$1" '"release", "lto"' "$GCC_BUILD" '{builddir}/hot' '' "[[bench]]
name = \"micro\"
command = \"sh $1/emit.sh {binary}\"
parser = \"$2\""
  cat >"$1/emit.sh" <<SH
if grep -q "\"binary\" : \"\$1\"" "$1/.pgolab/variants/release.json"; then cat "$1/base.txt"; else cat "$1/cand.txt"; fi
SH
}
bench4() { pg "$1" bench --max-rounds=5 --min-rounds=5 --warmup=0 --no-training-check --json="$1/r.json"; }
gb() {   # gb NAME=TIME...: a Google Benchmark JSON output, one iteration run per benchmark
  printf '{"context": {"date": "x", "num_cpus": 1, "library_build_type": "release"}, "benchmarks": ['
  local first=1
  for kv in "$@"; do
    [ $first = 1 ] || printf ','; first=0
    printf '{"name": %s, "run_name": %s, "run_type": "iteration", "repetitions": 1, "repetition_index": 0, "threads": 1, "iterations": 1000, "real_time": %s, "cpu_time": %s, "time_unit": "ns"}' \
      "${kv%%=*}" "${kv%%=*}" "${kv#*=}" "${kv#*=}"
  done
  printf ']}\n'
}
both() { cp "$d/base.txt" "$d/cand.txt"; }
metrics() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("\n".join(sorted({m for w in r["workloads"] for m in json.dumps(w).split("\"") if m.startswith("micro.")})))' "$d/r.json" 2>/dev/null; }
has_metrics() { local m; m=$(metrics); for x; do grep -qxF "$x" <<<"$m" || return 1; done; }

n01() { fresh n01; suite_project "$d" google-benchmark; gb '"a b"=100' '"a_b"=500' >"$d/base.txt"; both; bench4 "$d"
  want_ok n01-gbench-space-and-underscore-stay-two has_metrics 'micro.a b' 'micro.a_b'; }
n02() { fresh n02; suite_project "$d" google-benchmark; gb '"Foo"=100' '"foo"=500' >"$d/base.txt"; both; bench4 "$d"
  want_ok n02-gbench-names-differing-in-case has_metrics micro.Foo micro.foo; }
n03() { fresh n03; suite_project "$d" google-benchmark; gb '""=100' '"x"=200' >"$d/base.txt"; both; bench4 "$d"
  want_ok_or_error n03-gbench-empty-name 'empty|name' true_; }
n04() { fresh n04; suite_project "$d" google-benchmark; gb '"new\nline"=100' '"new line"=200' >"$d/base.txt"; both; bench4 "$d"
  want_ok n04-gbench-newline-in-name-encoded has_metrics 'micro.new%0Aline' 'micro.new line'; }
n05() { fresh n05; suite_project "$d" google-benchmark; gb '"x"="NaN"' '"y"=100' >"$d/base.txt"; both; bench4 "$d"
  want_ok n05-gbench-real-time-NaN-string-warned has 'micro.x.*left out|left out.*micro.x'; }
n06() { fresh n06; suite_project "$d" google-benchmark; gb '"x"=1e400' '"y"=100' >"$d/base.txt"; both; bench4 "$d"
  want_ok_or_error n06-gbench-real-time-1e400 'micro.x|x.*(infinite|not a number|too large)' has 'micro.x.*left out|left out.*micro.x'; }
n07() { fresh n07; suite_project "$d" google-benchmark; local long; long=$(printf 'L%.0s' $(seq 1 5000))
  gb "\"$long\"=100" '"y"=100' >"$d/base.txt"; both; bench4 "$d"; want_ok n07-gbench-5000-char-name has_metrics "micro.$long"; }
n08() { fresh n08; suite_project "$d" google-benchmark; gb '"x"=100' '"y"=100' >"$d/base.txt"; head -c 120 "$d/base.txt" >"$d/cand.txt"; bench4 "$d"
  want_error n08-gbench-output-cut-mid-json 'JSON|cut|truncat|end'; }
n09() { fresh n09; suite_project "$d" google-benchmark; gb '"x"=100' >"$d/base.txt"; sed 's/"ns"/"fortnights"/' "$d/base.txt" >"$d/cand.txt"; cp "$d/cand.txt" "$d/base.txt"; bench4 "$d"
  want_error n09-gbench-unknown-time-unit 'fortnights'; }
n10() { fresh n10; suite_project "$d" google-benchmark; gb '"x"=100' '"x"=300' '"x"=200' >"$d/base.txt"; both; bench4 "$d"
  want_ok n10-gbench-same-name-three-times has_metrics micro.x; }
n11() { fresh n11; suite_project "$d" google-benchmark; gb '"x"=100' '"y"=100' >"$d/base.txt"; gb '"x"=100' '"z"=100' >"$d/cand.txt"; bench4 "$d"
  want_ok n11-gbench-renamed-benchmark-said has 'micro.y' && has 'micro.z'; }
n12() { fresh n12; suite_project "$d" go-test; printf 'goos: linux\nBenchmarkX-8   \t 1000\t -5 ns/op\nBenchmarkY-8   \t 1000\t 100 ns/op\nPASS\n' >"$d/base.txt"; both; bench4 "$d"
  want_ok n12-go-negative-ns-op-warned has 'BenchmarkX.*left out|left out.*BenchmarkX'; }
n13() { fresh n13; suite_project "$d" go-test; printf 'BenchmarkX-8   \t 1000\t 100 ns/op\nBenchmarkX-16  \t 1000\t 900 ns/op\nPASS\n' >"$d/base.txt"; both; bench4 "$d"
  want_ok_or_error n13-go-same-name-two-gomaxprocs 'BenchmarkX' has_metrics micro.BenchmarkX-8 micro.BenchmarkX-16; }
n14() { fresh n14; suite_project "$d" go-test; printf 'pkg: a\nBenchmarkX-8 \t 1000\t 100 ns/op\nPASS\nok  \ta\t1s\npkg: b\nBenchmarkX-8 \t 1000\t 900 ns/op\nPASS\nok  \tb\t1s\n' >"$d/base.txt"; both; bench4 "$d"
  want_ok_or_error n14-go-same-name-two-packages 'BenchmarkX' has_metrics micro.a.BenchmarkX micro.b.BenchmarkX; }
n15() { fresh n15; suite_project "$d" go-test; printf 'BenchmarkX-8 \t 1000\t 100 ns/op\nBenchmarkX-8 \t 1000\t 0 ns/op\nBenchmarkX-8 \t 1000\t 120 ns/op\nBenchmarkY-8 \t 1000\t 100 ns/op\nPASS\n' >"$d/base.txt"; both; bench4 "$d"
  want_ok n15-go-one-zero-repetition-warned has 'BenchmarkX.*(left out|1 of|0 ns)'; }
n16() { fresh n16; suite_project "$d" go-test; printf 'BenchmarkX-8 \t 1000\t 100 ns/op\n--- FAIL: BenchmarkZ\nPASS\n' >"$d/base.txt"; both; bench4 "$d"
  want_error n16-go-fail-line-with-exit-0 'FAIL|BenchmarkZ'; }
n17() { fresh n17; suite_project "$d" criterion; printf 'fib 50%%\n                        time:   [1.0 ns 1.1 ns 1.2 ns]\nfib 50\n                        time:   [2.0 ns 2.1 ns 2.2 ns]\n' >"$d/base.txt"; both; bench4 "$d"
  want_ok n17-criterion-percent-name-encoded has_metrics 'micro.fib 50%25' 'micro.fib 50'; }
n18() { fresh n18; suite_project "$d" criterion; printf 'a\n                        time:   [-1.0 ns -1.1 ns -1.2 ns]\nb\n                        time:   [2.0 ns 2.1 ns 2.2 ns]\n' >"$d/base.txt"; both; bench4 "$d"
  want_ok_or_error n18-criterion-negative-time 'micro.a|negative' has 'micro.a.*left out|left out.*micro.a'; }
n19() { fresh n19; suite_project "$d" criterion; printf 'a\n                        time:   [1.0 ns 1.1 ns 1.2 ns]\na\n                        time:   [5.0 ns 5.1 ns 5.2 ns]\n' >"$d/base.txt"; both; bench4 "$d"
  want_error n19-criterion-same-id-twice "'a' is printed twice"; }
n20() { fresh n20; suite_project "$d" google-benchmark
  python3 - "$d/base.txt" <<'PY'
import json, sys
b = [{"name": "b%d" % i, "run_name": "b%d" % i, "run_type": "iteration", "repetitions": 1, "repetition_index": 0, "threads": 1,
      "iterations": 1, "real_time": 100 + i % 7, "cpu_time": 100, "time_unit": "ns", "label": "x" * 700} for i in range(100000)]
json.dump({"context": {}, "benchmarks": b}, open(sys.argv[1], "w"))
PY
  both; bench4 "$d"; want_error n20-gbench-80MB-output 'MiB|size|large|limit'; }
n21() { fresh n21; suite_project "$d" jmh; printf 'Benchmark          Mode  Cnt    Score   Error  Units\nFib.a              avgt    5      NaN          ns/op\nFib.b              avgt    5  100.000 ± 1.0  ns/op\n' >"$d/base.txt"; both; bench4 "$d"
  want_ok_or_error n21-jmh-score-NaN 'Fib.a|NaN' has 'Fib.a.*left out|left out.*Fib.a'; }
n22() { fresh n22; suite_project "$d" google-benchmark; gb '"x"=0' '"y"=0' >"$d/base.txt"; both; bench4 "$d"
  want_error n22-gbench-every-time-zero 'left out|0 ns'; }
n23() { fresh n23; suite_project "$d" google-benchmark; gb '"50%"=100' '"50%25"=500' >"$d/base.txt"; both; bench4 "$d"
  want_ok n23-gbench-percent-and-its-encoding-stay-two has_metrics 'micro.50%25' 'micro.50%2525'; }
n24() { fresh n24; suite_project "$d" google-benchmark
  gb '"x"=100' | sed 's/"run_type": "iteration"/"run_type": "aggregate", "aggregate_name": "mean"/' >"$d/base.txt"; both; bench4 "$d"
  want_error n24-gbench-only-aggregates 'aggregate|no benchmark|found nothing|repetitions'; }
NAME_CASES="n01 n02 n03 n04 n05 n06 n07 n08 n09 n10 n11 n12 n13 n14 n15 n16 n17 n18 n19 n20 n21 n22 n23 n24"
