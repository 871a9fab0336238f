#!/usr/bin/env bash
# Builds build/httpd.jar from src/ with the javac and jar of JAVA_HOME (pgolab puts the chosen JDK
# first on PATH), for Java 17 and newer, when src/ changed. The jar is rebuilt in place: pgolab's keys notice.
set -euo pipefail
cd "$(dirname "$0")"
# Up to date: keep the jar. A rebuilt jar (new timestamps inside) has a new SHA-256, and pgolab
# would make new archives for it.
if [[ -f build/httpd.jar && build/httpd.jar -nt src/Server.java && build/httpd.jar -nt build.sh ]]; then
    exit 0
fi
rm -rf build/classes
mkdir -p build/classes
javac --release 17 -d build/classes src/Server.java
jar --create --file build/httpd.jar.tmp --main-class Server -C build/classes .
mv -f build/httpd.jar.tmp build/httpd.jar
