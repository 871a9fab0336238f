# Install trees ({installdir}): what a build installs, what is published, what a reuse accepts.
rebuilt='rebuild|damaged|changed|differs'

i01() { fresh i01; tree_project "$d" 'echo hi > $t/share.txt'; pg "$d" build
  mkdir "$(published)/newdir"; pg "$d" build; want_ok i01-empty-dir-added has "$rebuilt"; }
i02() { fresh i02; tree_project "$d" 'echo hi > $t/share.txt'; pg "$d" build
  mkdir -p "$(published)/lib/deep"; echo x >"$(published)/lib/deep/inj.so"; pg "$d" build
  want_ok i02-file-in-new-dir-added has "$rebuilt"; }
i03() { fresh i03; tree_project "$d" 'echo hi > $t/share.txt'; pg "$d" build
  chmod +x "$(published)/share.txt"; pg "$d" build; want_ok i03-x-bit-added has "$rebuilt"; }
i04() { fresh i04; tree_project "$d" 'echo hi > $t/a.txt; echo hi > $t/b.txt'; pg "$d" build
  p=$(published); rm "$p/b.txt"; ln -s a.txt "$p/b.txt"; pg "$d" build; want_ok i04-file-became-symlink-same-bytes has "$rebuilt"; }
i05() { fresh i05; tree_project "$d" 'mkfifo $t/fifo'; pg "$d" build; want_error i05-fifo-in-tree 'fifo.*(FIFO|special|named pipe)|(FIFO|special|named pipe).*fifo'; }
i06() { fresh i06; tree_project "$d" 'python3 -c "import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])" $t/sock'
  pg "$d" build; want_error i06-socket-in-tree 'sock.*(socket|special)|(socket|special).*sock'; }
i07() { fresh i07; tree_project "$d" 'mknod $t/null c 1 3'; pg "$d" build; want_error i07-char-device-in-tree 'null.*(device|special)|(device|special).*null'; }
i08() { fresh i08; tree_project "$d" 'echo x > "$t/$(printf "caf\351")"'; pg "$d" build
  want_ok i08-non-utf8-name-kept-byte-exact sh -c "ls '$(published)' | od -c | grep -q '351'"; }
i09() { fresh i09; tree_project "$d" 'echo x > "$t/$(printf "new\nline")"'; pg "$d" build
  want_ok i09-newline-in-name-kept test -f "$(published)/new
line"; }
i10() { fresh i10; tree_project "$d" 'echo x > "$t/q\"uo'"'"'te \\ back*?"'; pg "$d" build
  want_ok i10-quotes-backslash-glob-name-kept sh -c "ls '$(published)' | grep -q 'back'"; }
i11() { fresh i11; tree_project "$d" 'truncate -s 256M $t/sparse.img'; pg "$d" build
  want_ok i11-sparse-file-stays-sparse sh -c "[ \$(du -k '$(published)/sparse.img' | cut -f1) -lt 1024 ]"; }
i12() { fresh i12; tree_project "$d" 'mkdir -p $t/many; cd $t/many; seq 1 12000 | while read i; do echo $i > f$i; done'
  local t0=$SECONDS; pg "$d" build; local t1=$((SECONDS - t0))
  # pgolab's own part: the wall time less the build command's (the record's build_seconds; the shell loop that
  # writes the files is slow on a loaded machine and no part of publishing)
  local cmd; cmd=$(python3 -c 'import json,sys; print(int(json.load(open(sys.argv[1]))["build_seconds"]))' "$d/.pgolab/variants/release.json" 2>/dev/null || echo 0)
  want_ok i12-12000-files-published-under-60s test $((t1 - cmd)) -lt 60; }
i13() { fresh i13; tree_project "$d" 'mv $t $t.real; ln -s $t.real $t'; pg "$d" build
  want_ok_or_error i13-installdir-replaced-by-symlink 'installdir|symbolic link|symlink' test -f "$(published)/bin/hot"; }
i14() { fresh i14; tree_project "$d" 'ln -s /nonexistent/x $t/dangling'; pg "$d" build; pg "$d" build
  want_ok i14-dangling-symlink-published-and-reused has 'cached|up to date'; }
i15() { fresh i15; tree_project "$d" 'ln -s /etc/hostname $t/abs'; pg "$d" build
  want_ok i15-absolute-symlink-kept-as-link test -L "$(published)/abs"; }
i16() { fresh i16; tree_project "$d" 'echo x > $t/$(printf "%0255d" 0)'; pg "$d" build
  want_ok i16-255-byte-name test -f "$(published)/$(printf "%0255d" 0)"; }
i17() { fresh i17; tree_project "$d" 'p=$t; for i in $(seq 1 60); do p=$p/dd; done; mkdir -p $p; echo deep > $p/f'; pg "$d" build
  want_ok i17-60-levels-deep sh -c "find '$(published)' -name f | grep -q dd"; }
i18() { fresh i18; tree_project "$d" 'echo x > $t/a; ln $t/a $t/b'; pg "$d" build
  want_ok i18-hard-links test -f "$(published)/b"; }
i19() { fresh i19; tree_project "$d" 'echo hello > $t/a.txt'; pg "$d" build
  local p; p=$(published); cp -p "$p/a.txt" /tmp/i19.keep; printf 'HELLO\n' >"$p/a.txt"; touch -r /tmp/i19.keep "$p/a.txt"
  pg "$d" build; want_ok i19-same-size-same-mtime-edit-caught has "$rebuilt"; }
i20() { fresh i20; tree_project "$d" 'echo hello > $t/a.txt'; pg "$d" build
  local p; p=$(published); rm "$p/a.txt"; mkdir "$p/a.txt"; pg "$d" build; want_ok i20-file-became-directory has "$rebuilt"; }
i21() { fresh i21; project "$d" '"release"' "$TREE_BUILD" '{installdir}/bin/hotlink'
  printf '%s\n' 'ln -s hot $1/bin/hotlink' >"$d/extra.sh"; pg "$d" build
  want_ok_or_error i21-artifact-is-symlink-in-tree 'symbolic|symlink|link' true_; }
i22() { fresh i22; project "$d" '"release"' "$TREE_BUILD" '{installdir}/bin/hot'; echo 'rm -f $1/bin/hot; ln -s /bin/true $1/bin/hot' >"$d/extra.sh"
  pg "$d" build; want_error i22-artifact-symlink-out-of-tree 'hot.*(outside|symbolic|link)|(outside|link).*hot'; }
i23() { fresh i23; tree_project "$d" 'echo x > $t/a'; pg "$d" build; rm "$(published)/bin/hot"; pg "$d" build
  want_ok i23-artifact-removed-from-published-tree has "$rebuilt"; }
i24() { fresh i24; tree_project "$d" 'mkdir -p $t/ro; echo x > $t/ro/f; chmod 0555 $t/ro; chmod 0444 $t/ro/f'; pg "$d" build
  sed -i 's/-O2 {cflags}/-O2 -g {cflags}/' "$d/pgolab.toml"; pg "$d" build
  want_ok i24-read-only-dir-rebuilt-over has 'build release done'; }
staged() {   # staged PID: until the build's tree is being published (bin/KEY.tmp-PID exists), at most 120 s
  for _ in $(seq 1 6000); do ls -d "$d"/.pgolab/bin/*.tmp-* >/dev/null 2>&1 && return; kill -0 "$1" 2>/dev/null || return; sleep 0.02; done; }
i25() { fresh i25; tree_project "$d" 'mkdir -p $t/m; cd $t/m; seq 1 60000 | xargs -n 5000 sh -c '\''for f; do echo $f > $f; done'\'' _'
  set +e; java -jar "$work/pgolab.jar" -C "$d" build >"$d.out" 2>"$d.err" & local pid=$!
  staged "$pid"
  kill -TERM $pid; wait $pid; rc=$?; set -e; out="$(cat "$d.out" "$d.err")"
  if [ "$rc" = 0 ]; then record i25-sigterm-while-publishing correct "finished before the signal"; return; fi
  local said=0; has 'signal|interrupt|terminat|SIGTERM|stopped' && said=1
  pg "$d" build
  if [ "$rc" != 0 ]; then want_ok i25-sigterm-while-publishing true_
  elif [ $said = 0 ]; then record i25-sigterm-while-publishing "misleading message" "exit 143 without a word"
  else record i25-sigterm-while-publishing correct "said so; next build fine"; fi; }
i26() { fresh i26; tree_project "$d" 'mkdir -p $t/m; cd $t/m; seq 1 60000 | xargs -n 5000 sh -c '\''for f; do echo $f > $f; done'\'' _'
  set +e; java -jar "$work/pgolab.jar" -C "$d" build >"$d.out" 2>"$d.err" & local pid=$!
  staged "$pid"
  kill -KILL $pid; wait $pid; set -e
  pg "$d" build; want_ok i26-sigkill-while-publishing-then-build has 'build release done'; }
i27() { fresh i27; tree_project "$d" '(sleep 3; echo late > $t/late.txt) >/dev/null 2>&1 &'; pg "$d" build; sleep 4
  pg "$d" build; want_ok i27-build-leaves-a-process-writing-into-the-tree has 'cached|up to date' ; }
INSTALL_CASES="i01 i02 i03 i04 i05 i06 i07 i08 i09 i10 i11 i12 i13 i14 i15 i16 i17 i18 i19 i20 i21 i22 i23 i24 i25 i26 i27"
