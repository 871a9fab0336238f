# Sourced by bench scripts that compare the spin loop (bench/aa/spin.c): OUT must be set.
# freeze_pgolab: one build of pgolab for the whole run (the launcher would rebuild it if sources
# change meanwhile); defines the function pgolab. size_spin: compiles spin and sets n to about
# 0.3 s of CPU here (the fastest of 5 runs of 100 M iterations), slow to 3% more work, best to
# the fastest run's nanoseconds.
freeze_pgolab() {
  ./pgolab --version >/dev/null
  cp target/launch/pgolab.jar "$out/pgolab.jar"
  pgolab() { java -jar "$out/pgolab.jar" "$@"; }
}

size_spin() {
  gcc -O2 -o "$out/spin" bench/aa/spin.c
  spin=$(realpath "$out/spin")
  best=0
  for _ in 1 2 3 4 5; do
    t0=$(date +%s%N); "$spin" 100 >/dev/null; t1=$(date +%s%N)
    d=$(( t1 - t0 )); { [ "$best" = 0 ] || [ "$d" -lt "$best" ]; } && best=$d
  done
  n=$(( 100 * 300000000 / best )); [ "$n" -lt 1 ] && n=1
  slow=$(( n * 103 / 100 ))
}
