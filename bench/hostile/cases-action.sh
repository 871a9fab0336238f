# The composite action (action.yml): hostile inputs fed through its own two shell steps (action-run.py).
act() {   # act NAME VERSION JAR_URL SHA256: d=$work/action/NAME
  d=$work/action/$1; rm -rf "$d"; mkdir -p "$d/tmp"
  set +e; out="$(timeout 60 python3 "$repo/bench/hostile/action-run.py" "$d" "$2" "$3" "$4" 2>&1)"; rc=$?; set -e
  [ "$rc" = 124 ] || [ "$rc" = 0 ] || rc=2   # a step's failure is the action's clear refusal when it says ::error::
  grep -q '::error::' <<<"$out" || [ "$rc" != 2 ] || rc=1
}
jar_sha() { sha256sum "$work/pgolab.jar" | cut -d' ' -f1; }
a01() { act a01 "$(printf '0.2.0\r')" '' ''; want_error a01-version-with-CR 'control character'; }
a02() { act a02 '0.2.0;id' '' ''; want_error a02-version-with-semicolon 'not a pgolab version'; }
a03() { act a03 '../../etc' '' ''; want_error a03-version-path-traversal 'not a pgolab version'; }
a04() { act a04 '0.2.0' 'https://example.invalid/$(touch PWNED)' ''; want_error a04-url-command-substitution 'could not download|not an https'
  [ ! -e "$d/PWNED" ] || sed -i '$ s/\t[^\t]*\t/\twrong result\t/' "$work/results.tsv"; }
a05() { act a05 '0.2.0' '-K/etc/passwd' ''; want_error a05-url-is-a-curl-option 'not an https:// or file:// URL'; }
a06() { act a06 '0.2.0' "$(printf 'https://x/\177y')" ''; want_error a06-url-with-DEL 'control character'; }
a07() { act a07 '0.2.0' "file://$work/pgolab.jar" "$(jar_sha) "; want_error a07-sha-trailing-space 'sha256'; }
a08() { act a08 '0.2.0' "file://$work/pgolab.jar" "$(jar_sha | tr a-f A-F)"; want_ok a08-sha-uppercase-file-url has '^OUTPUT jar='; }
a09() { act a09 '0.2.0' "file://$work/pgolab.jar" "$(printf '0%.0s' $(seq 1 64))"; want_error a09-sha-mismatch 'not installed'
  [ -z "$(find "$d/toolcache" -name pgolab.jar 2>/dev/null)" ] || sed -i '$ s/\t[^\t]*\t/\twrong result\t/' "$work/results.tsv"; }
a10() { mkdir -p "$work/action"; cp "$work/pgolab.jar" "$work/action/nosha.jar"; act a10 '0.2.0' "file://$work/action/nosha.jar" ''
  want_error a10-no-sha-beside-file-url 'could not download .*sha256'; }
a11() { mkdir -p "$work/action"; cp /bin/true "$work/action/true.jar"; act a11 '0.2.0' "file://$work/action/true.jar" "$(sha256sum /bin/true | cut -d' ' -f1)"
  want_error a11-jar-that-is-not-a-jar 'does not run'; }
a12() { RUNNER_TOOL_CACHE="$work/action/a12/tool cache" act a12 '0.2.0' "file://$work/pgolab.jar" "$(jar_sha)"; want_ok a12-tool-cache-with-space has '^OUTPUT jar='; }
a13() { RUNNER_TOOL_CACHE="$(printf '%s/action/a13/nl\njar=/etc/passwd' "$work")" act a13 '0.2.0' "file://$work/pgolab.jar" "$(jar_sha)"
  want_error a13-tool-cache-with-newline 'not be one value|newline'; }
a14() { act a14 '0.2.0+build.1' "file://$work/pgolab.jar" "$(jar_sha)"; want_ok a14-version-with-build-metadata has "^OUTPUT version='0.2.0\+build.1'"; }
ACTION_CASES="a01 a02 a03 a04 a05 a06 a07 a08 a09 a10 a11 a12 a13 a14"
