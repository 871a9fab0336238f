#!/usr/bin/env bash
# One end of the rathole tunnel: writes its config file, then execs rathole on it.
#
# usage: end.sh server BINARY TRANSPORT CONTROL_PORT PUBLIC_PORT DIR
#        end.sh client BINARY TRANSPORT CONTROL_PORT LOCAL_PORT  DIR
#   TRANSPORT     tcp (plain) or noise (rathole's default Noise_NK_25519_ChaChaPoly_BLAKE2s: the
#                 server end makes a fresh key pair with 'rathole --genkey' into DIR/noise-CONTROL_PORT.key
#                 and DIR/noise-CONTROL_PORT.pub; the client end, started after it, reads the public key)
#   CONTROL_PORT  where the server listens for the client (127.0.0.1)
#   PUBLIC_PORT   server: where the tunnelled service is offered (iperf3 -c connects here)
#   LOCAL_PORT    client: the service behind the tunnel (iperf3 -s listens here)
#   DIR           where the config file is written (created if missing)
# rathole stops cleanly on SIGINT (and then writes its profile in training); exec keeps the
# signal going to rathole itself.
set -euo pipefail

usage() { echo "usage: end.sh server|client BINARY tcp|noise CONTROL_PORT PORT DIR" >&2; exit 2; }
[[ $# -eq 6 ]] || usage
role=$1 binary=$2 transport=$3 control=$4 port=$5 dir=$6
case $transport in tcp|noise) ;; *) usage ;; esac
mkdir -p "$dir"

keys=$dir/noise-$control
transport_toml() {   # $1 = server|client
    printf '[%s.transport]\ntype = "%s"\n' "$1" "$transport"
    # nodelay = true is rathole's default; keep it explicit: every end is configured the same way.
    printf '[%s.transport.tcp]\nnodelay = true\n' "$1"
    if [[ $transport == noise && $1 == server ]]; then
        printf '[server.transport.noise]\nlocal_private_key = "%s"\n' "$(cat "$keys.key")"
    elif [[ $transport == noise ]]; then
        [[ -s $keys.pub ]] || { echo "end.sh: no $keys.pub: start the server end first" >&2; exit 1; }
        printf '[client.transport.noise]\nremote_public_key = "%s"\n' "$(cat "$keys.pub")"
    fi
}

case $role in
server)
    conf=$dir/server-$control.toml
    if [[ $transport == noise ]]; then
        "$binary" --genkey >"$keys.txt"
        sed -n '/^Private Key:/{n;p;}' "$keys.txt" >"$keys.key"
        sed -n '/^Public Key:/{n;p;}' "$keys.txt" >"$keys.pub.part"
        mv "$keys.pub.part" "$keys.pub"
        rm -f "$keys.txt"
    fi
    {
        printf '[server]\nbind_addr = "127.0.0.1:%s"\ndefault_token = "pgolab-example"\n\n' "$control"
        transport_toml server
        printf '\n[server.services.iperf3]\nbind_addr = "127.0.0.1:%s"\n' "$port"
    } >"$conf"
    exec "$binary" --server "$conf"
    ;;
client)
    conf=$dir/client-$control.toml
    {
        printf '[client]\nremote_addr = "127.0.0.1:%s"\ndefault_token = "pgolab-example"\n\n' "$control"
        transport_toml client
        printf '\n[client.services.iperf3]\nlocal_addr = "127.0.0.1:%s"\n' "$port"
    } >"$conf"
    exec "$binary" --client "$conf"
    ;;
*) usage ;;
esac
