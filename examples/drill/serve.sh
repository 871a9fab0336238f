#!/usr/bin/env bash
# The HTTP server that drill loads in this example: a helper, not under test. Writes a small static
# site and an nginx config into DIR, then execs nginx in the foreground on 127.0.0.1:PORT.
#
# usage: serve.sh PORT DIR
#   DIR is emptied first (it holds the site, nginx's config, pid file, logs and temp dirs).
# One nginx worker, no access log, keep-alive on: the server stays cheap next to the client.
# nginx (Debian: nginx-light) must be on PATH or in /usr/sbin. SIGTERM/SIGQUIT stop it.
set -euo pipefail

port=${1:?usage: serve.sh PORT DIR}
dir=${2:?usage: serve.sh PORT DIR}
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[[ -x $nginx ]] || { echo "serve.sh: nginx not found (apt-get install -y nginx-light)" >&2; exit 1; }

rm -rf "$dir"
mkdir -p "$dir/site/api/users" "$dir/site/static" "$dir/logs" "$dir/tmp"
# Started as root, nginx's workers would run as nobody, who may not reach DIR (e.g. under a
# 0700 temporary directory): keep them as the current user.
user_line=
if [[ $(id -u) -eq 0 ]]; then user_line="user $(id -un) $(id -gn);"; fi

python3 - "$dir/site" <<'PY'
import json, os, random, sys
site = sys.argv[1]
r = random.Random(14)
def write(rel, text):
    with open(os.path.join(site, rel), "w") as f:
        f.write(text)
words = "alpha beta gamma delta kernel buffer socket thread request response session cluster".split()
def para(n):
    return " ".join(r.choice(words) for _ in range(n))
write("index.html", "<!doctype html><html><head><title>pgolab drill</title></head><body><p>%s</p></body></html>\n" % para(60))
users = [{"id": i, "name": "user%d" % i, "email": "user%d@example.com" % i, "manager_id": (i * 7) % 100 + 1,
          "address": {"floor": i % 9, "room": 100 + i}, "tags": [r.choice(words) for _ in range(3)]} for i in range(1, 101)]
write("api/users.json", json.dumps(users))
for u in users:
    write("api/users/%d" % u["id"], json.dumps(u))
write("api/account", json.dumps({"id": 1, "manager_id": 73, "token": "tok-%08x" % r.getrandbits(32)}))
items = [{"sku": "SKU-%05d" % i, "title": para(6), "price": round(r.uniform(1, 500), 2), "stock": r.randint(0, 999)}
         for i in range(400)]
write("api/items.json", json.dumps(items))
write("static/app.css", "".join(".c%d { color: #%06x; margin: %dpx; }\n" % (i, r.getrandbits(24), i % 17) for i in range(700)))
write("static/app.js", "".join("function f%d(a){return a*%d+%d;}\n" % (i, i, r.randint(0, 99)) for i in range(1500)))
write("static/logo.svg", "<svg xmlns='http://www.w3.org/2000/svg'>%s</svg>\n" % "".join(
    "<circle cx='%d' cy='%d' r='%d'/>" % (r.randint(0, 99), r.randint(0, 99), r.randint(1, 9)) for _ in range(40)))
write("robots.txt", "User-agent: *\nDisallow:\n")
PY

cat >"$dir/nginx.conf" <<CONF
$user_line
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    types { text/html html; text/css css; application/javascript js; image/svg+xml svg; text/plain txt; }
    default_type application/json;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    server {
        listen 127.0.0.1:$port;
        root $dir/site;
        location / { try_files \$uri =404; }
    }
}
CONF
exec "$nginx" -p "$dir" -c "$dir/nginx.conf"
