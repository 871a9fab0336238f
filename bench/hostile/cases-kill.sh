# Kills of pgolab mid-build, mid-train, mid-bench: no process left behind, nothing half-done taken as good.
# The steps sleep for a marker time (sleep 987.N) so that leftovers can be found (and then ended by their id).
kill_run() {   # kill_run SIGNAL ARGS...: start pgolab in $d, send SIGNAL once the marker sleep runs
  local sig=$1; shift
  # a background job of a script starts with SIGINT ignored: give it back its default, as a terminal would
  set +e; env --default-signal=INT java -jar "$work/pgolab.jar" -C "$d" "$@" >"$d.out" 2>"$d.err" </dev/null & local pid=$!
  for _ in $(seq 1 600); do pgrep -f "sleep $marker" >/dev/null && break; sleep 0.1; done
  kill "-$sig" $pid
  for _ in $(seq 1 300); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  stuck=0; if kill -0 $pid 2>/dev/null; then stuck=1; kill -KILL $pid; fi
  wait $pid; rc=$?; set -e; out="$(cat "$d.out" "$d.err")"
  sleep 2
  left=$(pgrep -f "sleep $marker" | tr '\n' ' ' || true)
  [ -z "$left" ] || kill $left 2>/dev/null || true
}
kill_judge() {   # kill_judge CASE NEXT_CHECK...: no leftover process; then the next command's outcome
  local name=$1; shift
  if [ $stuck = 1 ]; then record "$name" hang "still running 30 s after the signal"; return; fi
  if [ -n "$left" ]; then record "$name" "wrong result" "processes left behind after the signal: $left"; return; fi
  local said=1; [ "$rc" != 143 ] && [ "$rc" != 130 ] || grep -Eiq 'signal|interrupt|terminat|stopp' <<<"$out" || said=0
  "$@"
  if [ $said = 0 ] && [ "$(tail -1 "$work/results.tsv" | cut -f2)" = correct ]; then
    sed -i '$ s/\tcorrect\t.*/\tmisleading message\tended by the signal without a word/' "$work/results.tsv"; fi
}
k01() { fresh k01; marker=987.1; project "$d" '"release"' "sleep $marker; $GCC_BUILD" '{builddir}/hot'
  kill_run TERM build; sed -i "s/sleep $marker; //" "$d/pgolab.toml"
  kill_judge k01-sigterm-mid-build eval 'pg "$d" build; want_ok k01-sigterm-mid-build has "build release done"'; }
k02() { fresh k02; marker=987.2; project "$d" '"release"' "sleep $marker; $GCC_BUILD" '{builddir}/hot'
  kill_run KILL build; sed -i "s/sleep $marker; //" "$d/pgolab.toml"
  kill_judge k02-sigkill-mid-build eval 'pg "$d" build; want_ok k02-sigkill-mid-build has "build release done"'; }
k03() { fresh k03; marker=987.3; project "$d" '"release", "pgo"' "$GCC_BUILD" '{builddir}/hot'
  sed -i "s|command = \"{binary} 20000\"|command = \"{binary} 20000; sleep $marker\"|" "$d/pgolab.toml"
  kill_run TERM build release pgo; sed -i "s/; sleep $marker//" "$d/pgolab.toml"
  kill_judge k03-sigterm-mid-train eval 'pg "$d" build release pgo; want_ok k03-sigterm-mid-train has "train t done"'; }
k04() { fresh k04; marker=987.4; project "$d" '"release", "pgo"' "$GCC_BUILD" '{builddir}/hot'
  sed -i "s|command = \"{binary} 20000\"|command = \"{binary} 20000; sleep $marker\"|" "$d/pgolab.toml"
  kill_run KILL build release pgo; sed -i "s/; sleep $marker//" "$d/pgolab.toml"
  kill_judge k04-sigkill-mid-train eval 'pg "$d" build release pgo; want_ok k04-sigkill-mid-train has "train t done"'; }
k05() { fresh k05; marker=987.5; project "$d" '"release", "lto"' "$GCC_BUILD" '{builddir}/hot' '' "[[bench]]
name = \"b\"
command = \"{binary} 3000; sleep $marker\""
  pg "$d" build release lto; kill_run TERM bench --json="$d/r.json" --warmup=0 --min-rounds=5
  kill_judge k05-sigterm-mid-bench eval 'pg "$d" report "$d/r.json" 2>/dev/null; if [ -e "$d/r.json" ] && [ "$rc" = 0 ]; then record k05-sigterm-mid-bench "wrong result" "a results file from the killed run reads as good"; else record k05-sigterm-mid-bench correct "no results file, or refused"; fi'; }
k06() { fresh k06; marker=987.6; project "$d" '"release", "lto"' "$GCC_BUILD" '{builddir}/hot' '' "[[bench]]
name = \"b\"
command = \"{binary} 3000; sleep $marker\""
  pg "$d" build release lto; kill_run INT bench --warmup=0 --min-rounds=5
  kill_judge k06-sigint-mid-bench eval 'record k06-sigint-mid-bench correct "ended, nothing left"'; }
k07() { fresh k07; marker=987.7; project "$d" '"release"' "$GCC_BUILD" '{builddir}/hot' "configure = \"sleep $marker\""
  kill_run TERM build; sed -i "s/sleep $marker/true/" "$d/pgolab.toml"
  kill_judge k07-sigterm-mid-configure eval 'pg "$d" build; want_ok k07-sigterm-mid-configure has "build release done"'; }
k08() { fresh k08; marker=987.8; project "$d" '"release", "pgo"' "$GCC_BUILD" '{builddir}/hot'
  sed -i "s|command = \"{binary} 20000\"|command = \"{binary} 20000; sleep $marker\"|" "$d/pgolab.toml"
  kill_run KILL build release pgo; sed -i "s/; sleep $marker//" "$d/pgolab.toml"
  kill_judge k08-sigkill-mid-train-then-no-profile-reused eval 'pg "$d" build release pgo; want_ok k08-sigkill-mid-train-then-no-profile-reused lacks "training: up to date"'; }
k09() { fresh k09; marker=987.9; project "$d" '"release"' "sleep $marker; $GCC_BUILD" '{builddir}/hot'
  kill_run HUP build; sed -i "s/sleep $marker; //" "$d/pgolab.toml"
  kill_judge k09-sighup-mid-build eval 'pg "$d" build; want_ok k09-sighup-mid-build has "build release done"'; }
KILL_CASES="k01 k02 k03 k04 k05 k06 k07 k08 k09"
