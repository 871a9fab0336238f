# pgolab init: odd directory names, special files and links where pgolab.toml goes.
init_in() {   # init_in NAME [ARGS...]: d=$work/init/NAME (may hold anything), pgolab init there
  local name=$1; shift
  d=$work/init/$name; rm -rf "$d" "$d.out" "$d.err"; mkdir -p "$d"
  printf 'int main(void){return 0;}\n' >"$d/main.c"
}
init_run() { set +e; (cd "$d" && timeout -k 5 "$limit" java -jar "$work/pgolab.jar" init "$@" >"$d.out" 2>"$d.err" </dev/null); rc=$?; set -e; out="$(cat "$d.out" "$d.err")"; }
toml_ok() { python3 -c 'import tomllib,sys; tomllib.load(open(sys.argv[1],"rb"))' "$d/pgolab.toml" 2>/dev/null; }
mkinit() { rm -rf "$work/init"; mkdir -p "$work/init"; }

d01() { mkinit; init_in "tri'''ple"; init_run; want_ok d01-dir-with-triple-single-quotes toml_ok; }
d02() { mkinit; init_in "$(printf 'ta\tb')"; init_run; want_ok d02-dir-with-tab toml_ok; }
d03() { mkinit; init_in 'dollar$(touch PWNED)${HOME}'; init_run; want_ok d03-dir-with-shell-syntax sh -c "toml_ok() { python3 -c 'import tomllib,sys; tomllib.load(open(sys.argv[1],\"rb\"))' \"\$1\"; }; toml_ok '$d/pgolab.toml' && ! ls '$d' | grep -q '^PWNED$'"; }
d04() { mkinit; init_in "$(printf 'rtl\342\200\256gpj.exe')"; init_run; want_ok d04-dir-with-rtl-override toml_ok; }
d05() { mkinit; init_in "$(printf 'bad\377name')"; init_run; want_ok_or_error d05-dir-not-utf8 'UTF-8|name' toml_ok; }
d06() { mkinit; init_in fifo; mkfifo "$d/pgolab.toml"; init_run; want_error d06-fifo-pgolab-toml-no-force 'pgolab.toml|FIFO|exists'; }
d07() { mkinit; init_in fifof; mkfifo "$d/pgolab.toml"; init_run --force; want_error d07-fifo-pgolab-toml-force 'pgolab.toml.*(FIFO|not a regular|special)|(FIFO|special).*pgolab.toml'; }
d08() { mkinit; init_in link; echo 'keep me' >"$work/init/target.txt"; ln -s "$work/init/target.txt" "$d/pgolab.toml"; init_run --force
  # UserFile's documented rule (as a shell's >): a symlink is followed, its target written, the link stays a link
  want_ok d08-symlink-pgolab-toml-force-writes-its-target sh -c "[ -L '$d/pgolab.toml' ] && grep -q '^\\[project\\]' '$work/init/target.txt'"; }
d09() { mkinit; init_in dangling; ln -s "$work/init/elsewhere.toml" "$d/pgolab.toml"; init_run
  want_ok_or_error d09-dangling-symlink-pgolab-toml 'symbolic|symlink|link|exists' sh -c "[ ! -e '$work/init/elsewhere.toml' ]"; }
d10() { mkinit; init_in dir; mkdir "$d/pgolab.toml"; init_run --force; want_error d10-pgolab-toml-is-a-directory 'directory'; }
d11() { mkinit; init_in "$(printf 'n%.0s' $(seq 1 250))"; init_run; want_ok d11-250-char-dir-name toml_ok; }
d12() { mkinit; init_in dotpgolab; echo x >"$d/.pgolab"; init_run; want_ok_or_error d12-dot-pgolab-is-a-file '.pgolab' toml_ok; }
d13() { mkinit; init_in "-rf --force"; init_run; want_ok d13-dir-named-like-options toml_ok; }
d14() { mkinit; init_in "#[project]"; init_run; want_ok d14-dir-named-like-toml sh -c "python3 -c 'import tomllib,sys; t=tomllib.load(open(sys.argv[1],\"rb\")); assert t[\"project\"][\"name\"]' '$d/pgolab.toml'"; }
d15() { mkinit; init_in plainfile; echo x >"$d/afile"; set +e
  out="$(cd "$d" && timeout 60 java -jar "$work/pgolab.jar" -C "$d/afile" init 2>&1)"; rc=$?; set -e
  want_error d15-C-names-a-file 'afile'; }
INIT_CASES="d01 d02 d03 d04 d05 d06 d07 d08 d09 d10 d11 d12 d13 d14 d15"
