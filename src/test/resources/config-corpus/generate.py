#!/usr/bin/env python3
"""Writes the malformed-config corpus: one file per case plus expectations.tsv.

Each row of expectations.tsv: case file, class (syntax, unknown-key, missing, bad-value, file, ok),
expected line (or -), a substring of the message. Cases named @... are made at run time by
ConfigCorpusTest (FIFOs, devices, huge files), so no such file is checked in.
Run from this directory: python3 generate.py
"""
import os

BASE = [
    '[project]',                      # 1
    'name = "demo"',                  # 2
    'variants = ["release", "pgo"]',  # 3
    '',
    '[toolchain]',                    # 5
    'kind = "clang"',                 # 6
    '',
    '[build]',                        # 8
    'command = "make CC={cc}"',       # 9
    'artifact = "{builddir}/app"',    # 10
    '',
    '[[train]]',                      # 12
    'name = "t"',                     # 13
    'command = "{binary} in.txt"',    # 14
    '',
    '[[bench]]',                      # 16
    'name = "b"',                     # 17
    'command = "{binary} in.txt"',    # 18
]
SECTIONS = {'project': 0, 'toolchain': 4, 'build': 7, 'train': 11, 'bench': 15}

cases = []


def text(lines):
    return '\n'.join(lines) + '\n'


def add(name, content, cls, marker, substring):
    """marker: text whose first line gives the expected line, an int, or None (no line)."""
    if isinstance(content, list):
        content = text(content)
    data = content.encode('utf-8') if isinstance(content, str) else content
    if isinstance(marker, str):
        lines = data.split(b'\n')
        hits = [i + 1 for i, l in enumerate(lines) if marker.encode('utf-8') in l]
        assert hits, (name, marker)
        marker = hits[0]
    cases.append((name, data, cls, marker, substring))


def extra(section=None, lines=(), replace=None, drop=None):
    """BASE with lines added at the end of a section, and line replacements."""
    out = list(BASE)
    if replace:
        out = [replace.get(l, l) for l in out]
    if drop:
        out = [l for l in out if l not in drop]
    if section:
        # insert after the section's last line
        start = out.index({'project': '[project]', 'toolchain': '[toolchain]', 'build': '[build]',
                           'train': '[[train]]', 'bench': '[[bench]]'}[section])
        end = start + 1
        while end < len(out) and out[end] != '':
            end += 1
        out[end:end] = list(lines)
    return out


def bench(*lines):
    return extra('bench', lines)


def train(*lines):
    return extra('train', lines)


def build(*lines):
    return extra('build', lines)


def project(*lines):
    return extra('project', lines)


def service(*lines, base=('server = "{binary} --port {port}"', 'clients = ["load -p {port}"]')):
    return extra('bench', list(base) + list(lines), drop=None)


def service_bench(*lines):
    out = list(BASE)
    i = out.index('command = "{binary} in.txt"', out.index('[[bench]]'))
    out[i:i + 1] = ['server = "{binary} --port {port}"', 'clients = ["load -p {port}"]'] + list(lines)
    return out


# ---------------------------------------------------------------- ok: must load
add('ok-base', BASE, 'ok', None, '')
add('ok-bom', b'\xef\xbb\xbf' + text(BASE).encode(), 'ok', None, '')
add('ok-crlf', text(BASE).replace('\n', '\r\n'), 'ok', None, '')
add('ok-min-effect-builtin', bench('min_effect = { cpu_time = 2, wall_time = 0 }'), 'ok', None, '')
add('ok-min-effect-metric', bench('min_effect = { rps = 3 }', '', '[[bench.metric]]', 'name = "rps"',
                                  'regex = \'rps: ([0-9.]+)\'', 'direction = "higher"'), 'ok', None, '')
add('ok-exclude', project('exclude = ["**.json", "results/**", "docs/", "*.{c,h}"]'), 'ok', None, '')
add('ok-ready-log', service_bench('ready = \'log:Ready to accept\''), 'ok', None, '')
add('ok-ready-probe', service_bench('ready = "probe:curl -s localhost:{port}"'), 'ok', None, '')
add('ok-ready-http', service_bench('ready = "http:/health"'), 'ok', None, '')
add('ok-timeouts', train('timeout = "7d"'.replace('7d', '168h')), 'ok', None, '')
add('ok-weight', train('weight = 0.5'), 'ok', None, '')
add('ok-env', build('env = { MAKEFLAGS = "-j1", "my.var" = "" }'), 'ok', None, '')
add('ok-parser-metric', bench('parser = "wrk"', 'min_effect = { rps = 2 }'), 'ok', None, '')
add('ok-deep-but-fine', ['x = ' + '[' * 8 + ']' * 8] + BASE, 'unknown-key', 'x = ', 'unknown key')

# ---------------------------------------------------------------- syntax
add('syntax-unclosed-string', extra(replace={'command = "make CC={cc}"': 'command = "make CC={cc}'}),
    'syntax', 'command = "make', 'TOML')
add('syntax-unclosed-ml-basic', extra(replace={'command = "make CC={cc}"': 'command = """make CC={cc}'}),
    'syntax', 'command = """make', 'never closed')
add('syntax-unclosed-ml-literal', extra(replace={'command = "make CC={cc}"': "command = '''make CC={cc}"}),
    'syntax', "command = '''make", 'never closed')
add('syntax-unclosed-ml-early', extra(replace={'name = "demo"': 'name = """demo'}),
    'syntax', 'name = """demo', 'never closed')
add('syntax-unclosed-array', extra(replace={'variants = ["release", "pgo"]': 'variants = ["release", "pgo"'}),
    'syntax', 'variants = [', 'never closed')
add('syntax-unclosed-array-multiline', extra(replace={'variants = ["release", "pgo"]': 'variants = [\n  "release",\n  "pgo",'}),
    'syntax', 'variants = [', 'never closed')
add('syntax-unclosed-nested-array', project('exclude = [["a"], ["b"'), 'syntax', 'exclude = [', 'never closed')
add('syntax-unclosed-inline-table', build('env = { A = "1"'), 'syntax', 'env = {', 'TOML')
add('syntax-unclosed-literal', extra(replace={'kind = "clang"': "kind = 'clang"}), 'syntax', "kind = 'clang", 'TOML')
add('syntax-nested-20000', ['x = ' + '[' * 20000 + ']' * 20000] + BASE, 'syntax', 'x = ', 'levels deep')
add('syntax-nested-20000-unclosed', ['x = ' + '[' * 20000] + BASE, 'syntax', 'x = ', 'levels deep')
add('syntax-nested-1000', ['x = ' + '[' * 1000 + ']' * 1000] + BASE, 'syntax', 'x = ', 'levels deep')
add('syntax-nested-inline-tables', ['x = ' + '{a = ' * 500 + '1' + '}' * 500] + BASE, 'syntax', 'x = ', 'levels deep')
add('syntax-missing-equals', extra(replace={'name = "demo"': 'name "demo"'}), 'syntax', 'name "demo"', 'TOML')
add('syntax-duplicate-key', project('name = "again"'), 'syntax', 'name = "again"', 'TOML')
add('syntax-duplicate-table', BASE + ['[build]', 'timeout = "1m"'], 'syntax', 19, 'previously defined')
add('syntax-bare-value', extra(replace={'kind = "clang"': 'kind = clang'}), 'syntax', 'kind = clang', 'TOML')
add('syntax-bad-escape', extra(replace={'command = "make CC={cc}"': 'command = "make \\q CC={cc}"'}),
    'syntax', 'command = "make', 'TOML')
add('syntax-control-char', extra(replace={'name = "demo"': 'name = "de\x01mo"'}), 'syntax', 'name = "de', 'TOML')
add('syntax-nul-byte', text(BASE).replace('name = "demo"', 'name = "de\x00mo"'), 'syntax', 'name = "de', 'TOML')
add('syntax-unclosed-header', extra(replace={'[build]': '[build'}), 'syntax', '[build', 'TOML')
add('syntax-mismatched-aot-header', extra(replace={'[[train]]': '[[train]'}), 'syntax', '[[train]', 'TOML')
add('syntax-no-value', extra(replace={'name = "demo"': 'name ='}), 'syntax', 'name =', 'TOML')
add('syntax-trailing-garbage', extra(replace={'kind = "clang"': 'kind = "clang" gcc'}), 'syntax', 'kind = "clang" gcc', 'TOML')
add('syntax-bad-number', train('weight = 1.2.3'), 'syntax', 'weight = 1.2.3', 'TOML')
add('syntax-leading-zero', train('weight = 01'), 'syntax', 'weight = 01', 'TOML')
add('syntax-bad-date', project('when = 2024-13-45'), 'syntax', 'when = 2024', 'TOML')
add('syntax-empty-key', project('= "x"'), 'syntax', '= "x"', 'TOML')
add('syntax-lone-bracket', BASE + [']'], 'syntax', 19, 'TOML')
add('syntax-bad-unicode-escape', extra(replace={'name = "demo"': 'name = "\\uD800"'}), 'syntax', 'name = "\\uD800"', 'TOML')
add('syntax-inline-table-newline', build('env = { A = "1",', 'B = "2" }'), 'syntax', 'env = {', 'TOML')
add('syntax-dotted-redefines', BASE + ['[project.name]', 'x = 1'], 'syntax', '[project.name]', 'TOML')
add('syntax-two-quotes-close', extra(replace={'name = "demo"': 'name = """demo""'}), 'syntax', 'name = """demo', 'never closed')
add('syntax-unclosed-string-in-array', extra(replace={'variants = ["release", "pgo"]': 'variants = ["release", "pgo]'}),
    'syntax', 'variants = [', 'TOML')
add('syntax-array-header-in-array', extra(replace={'variants = ["release", "pgo"]': 'variants = ["release",'}),
    'syntax', 'variants = [', 'never closed')
add('syntax-comment-in-string-unclosed', extra(replace={'command = "make CC={cc}"': 'command = """make # CC={cc}'}),
    'syntax', 'command = """make', 'never closed')
add('syntax-integer-overflow', train('weight = 99999999999999999999'), 'syntax', 'weight = 9999', 'TOML')

# ---------------------------------------------------------------- unknown-key
add('unknown-top-table', BASE + ['[projct]', 'x = 1'], 'unknown-key', '[projct]', 'did you mean \'project\'')
add('unknown-top-aot', BASE + ['[[trian]]', 'name = "x"'], 'unknown-key', '[[trian]]', 'unknown key')
add('unknown-project-key', project('nmae = "x"'), 'unknown-key', 'nmae', 'did you mean \'name\'')
add('unknown-toolchain-key', extra('toolchain', ['knd = "gcc"']), 'unknown-key', 'knd', 'unknown key')
add('unknown-build-key', build('comand = "make"'), 'unknown-key', 'comand', 'did you mean \'command\'')
add('unknown-train-key', train('wieght = 2'), 'unknown-key', 'wieght', 'did you mean \'weight\'')
add('unknown-bench-key', bench('min_efect = { cpu_time = 2 }'), 'unknown-key', 'min_efect', 'did you mean \'min_effect\'')
add('unknown-metric-key', bench('', '[[bench.metric]]', 'name = "rps"', 'regx = "x"'), 'unknown-key', 'regx', 'unknown key')
add('unknown-bolt-key', BASE + ['[bolt]', 'profil = "perf"'], 'unknown-key', 'profil', 'did you mean \'profile\'')
add('unknown-top-key', ['foo = 1'] + BASE, 'unknown-key', 'foo = 1', 'unknown key')
add('unknown-go-key-for-clang', extra('toolchain', ['go = "/usr/bin/go"']), 'unknown-key', 'go = ', 'only toolchain kind "go"')
add('unknown-service-key-without-server', bench('ready = "tcp"'), 'unknown-key', 'ready = ', 'only a service workload')
add('unknown-deep-dotted', ['a' + '.a' * 20000 + ' = 1'] + BASE, 'unknown-key', 1, 'unknown key')
add('unknown-cargo-c-key', extra('toolchain', [], replace={'kind = "clang"': 'kind = "cargo"', 'artifact = "{builddir}/app"': 'bins = ["app"]'}),
    'unknown-key', 'command = "make', 'not used with toolchain.kind = "cargo"')
add('unknown-train-parser', train('parser = "wrk"'), 'unknown-key', 'parser = ', 'unknown key')
add('unknown-env-table-key', build('[build.extra]', 'x = 1'), 'unknown-key', '[build.extra]', 'unknown key')

# ---------------------------------------------------------------- missing
add('missing-empty-file', '', 'missing', 1, 'missing required table [project]')
add('missing-only-comments', '# nothing here\n', 'missing', 1, 'missing required table')
add('missing-project', BASE[4:], 'missing', 1, 'missing required table [project]')
add('missing-toolchain', extra(drop={'[toolchain]', 'kind = "clang"'}), 'missing', 1, 'missing required table [toolchain]')
add('missing-build', extra(drop={'[build]'}), 'syntax', None, '')  # keys fall into [toolchain]: see below
cases.pop()
add('missing-kind', extra(drop={'kind = "clang"'}), 'missing', '[toolchain]', 'missing required key')
add('missing-build-command', extra(drop={'command = "make CC={cc}"'}), 'missing', '[build]', 'missing required key')
add('missing-artifact', extra(drop={'artifact = "{builddir}/app"'}), 'missing', '[build]', 'missing required key')
add('missing-train-command', extra(drop={'command = "{binary} in.txt"'}), 'missing', '[[train]]', 'missing required key')
add('missing-clients', [x.replace('clients = ["load -p {port}"]', 'clients = []') for x in service_bench()], 'missing', 'server = ', 'needs at least one client')
add('missing-metric-name', bench('', '[[bench.metric]]', 'regex = "x ([0-9]+)"'), 'missing', '[[bench.metric]]', 'missing required key')
add('missing-metric-regex', bench('', '[[bench.metric]]', 'name = "rps"'), 'missing', '[[bench.metric]]', 'exactly one of')
add('missing-train-for-pgo', BASE[:11], 'missing', 'variants', 'training workload')
add('missing-binary-in-command', extra(replace={'command = "{binary} in.txt"': 'command = "./app in.txt"'}),
    'missing', 'command = "./app', '{binary} is missing')
add('missing-bom-only', b'\xef\xbb\xbf', 'missing', 1, 'missing required table [project]')

# ---------------------------------------------------------------- bad-value: numbers
add('min-effect-negative', bench('min_effect = { cpu_time = -2 }'), 'bad-value', 'min_effect', 'must be between 0 and')
add('min-effect-nan', bench('min_effect = { cpu_time = nan }'), 'bad-value', 'min_effect', 'must be a finite number')
add('min-effect-inf', bench('min_effect = { cpu_time = inf }'), 'bad-value', 'min_effect', 'must be a finite number')
add('min-effect-neg-inf', bench('min_effect = { cpu_time = -inf }'), 'bad-value', 'min_effect', 'must be a finite number')
add('min-effect-huge', bench('min_effect = { cpu_time = 1e9 }'), 'bad-value', 'min_effect', 'must be between 0 and')
add('min-effect-string', bench('min_effect = { cpu_time = "2%" }'), 'bad-value', 'min_effect', 'must be a number')
add('min-effect-not-table', bench('min_effect = 2'), 'bad-value', 'min_effect', 'must be a table')
add('min-effect-misspelt', bench('min_effect = { cpu_tme = 2 }'), 'bad-value', 'min_effect', "unknown metric 'cpu_tme'")
add('min-effect-misspelt-hint', bench('min_effect = { cpu_tme = 2 }'), 'bad-value', 'min_effect', 'did you mean \'cpu_time\'')
add('min-effect-unknown', bench('min_effect = { latency = 2 }'), 'bad-value', 'min_effect', "unknown metric 'latency'")
add('min-effect-unknown-with-metric', bench('min_effect = { rsp = 2 }', '', '[[bench.metric]]', 'name = "rps"',
                                            'regex = "rps ([0-9]+)"'), 'bad-value', 'min_effect', "unknown metric 'rsp'")
add('min-effect-near-builtin-with-parser', bench('parser = "wrk"', 'min_effect = { wall_tme = 2 }'), 'bad-value',
    'min_effect', "unknown metric 'wall_tme'")
add('primary-unknown', bench('primary = ["cpu_tim"]'), 'bad-value', 'primary', "unknown metric 'cpu_tim'")
add('weight-nan', train('weight = nan'), 'bad-value', 'weight', 'must be a finite number')
add('weight-inf', train('weight = inf'), 'bad-value', 'weight', 'must be a finite number')
add('weight-zero', train('weight = 0'), 'bad-value', 'weight', 'must be')
add('weight-negative', train('weight = -1'), 'bad-value', 'weight', 'must be')
add('weight-2pow31', train('weight = 2147483648'), 'bad-value', 'weight', 'must be between')
add('weight-huge-float', train('weight = 1e300'), 'bad-value', 'weight', 'must be between')
add('weight-string', train('weight = "2"'), 'bad-value', 'weight', 'must be a number')
add('weight-bench-nan', bench('weight = nan'), 'bad-value', 'weight', 'must be a finite number')
add('scale-nan', bench('', '[[bench.metric]]', 'name = "rps"', 'regex = "r ([0-9]+)"', 'scale = nan'), 'bad-value', 'scale', 'must be a finite number')
add('scale-zero', bench('', '[[bench.metric]]', 'name = "rps"', 'regex = "r ([0-9]+)"', 'scale = 0'), 'bad-value', 'scale', 'must not be 0')
add('scale-inf', bench('', '[[bench.metric]]', 'name = "rps"', 'regex = "r ([0-9]+)"', 'scale = -inf'), 'bad-value', 'scale', 'must be a finite number')
add('client-cpus-negative', service_bench('client_cpus = [-1]'), 'bad-value', 'client_cpus', 'CPU numbers')
add('client-cpus-huge', service_bench('client_cpus = [5000]'), 'bad-value', 'client_cpus', 'CPU numbers')
add('client-cpus-float', service_bench('client_cpus = [1.5]'), 'bad-value', 'client_cpus', 'CPU numbers')
add('client-cpus-nan', service_bench('client_cpus = [nan]'), 'bad-value', 'client_cpus', 'CPU numbers')

# ---------------------------------------------------------------- bad-value: durations
add('timeout-huge-hours', train('timeout = "99999999999999999h"'), 'bad-value', 'timeout', '7 days')
add('timeout-400-digits', train('timeout = "' + '9' * 400 + 's"'), 'bad-value', 'timeout', '7 days')
add('timeout-8-days', train('timeout = "193h"'), 'bad-value', 'timeout', '7 days')
add('timeout-build-huge', build('timeout = "99999999999999999h"'), 'bad-value', 'timeout', '7 days')
add('timeout-days-unit', train('timeout = "2d"'), 'bad-value', 'timeout', 'not a duration')
add('timeout-empty', train('timeout = ""'), 'bad-value', 'timeout', 'not a duration')
add('timeout-negative', train('timeout = "-5s"'), 'bad-value', 'timeout', 'not a duration')
add('timeout-zero', train('timeout = "0s"'), 'bad-value', 'timeout', 'not a duration')
add('timeout-sub-ms', train('timeout = "0.1ms"'), 'bad-value', 'timeout', 'not a duration')
add('timeout-number', train('timeout = 90'), 'bad-value', 'timeout', 'must be a duration')
add('timeout-garbage', train('timeout = "1.5.5s"'), 'bad-value', 'timeout', 'not a duration')
add('ready-timeout-huge', service_bench('ready_timeout = "9999999h"'), 'bad-value', 'ready_timeout', '7 days')
add('stop-grace-huge', service_bench('stop_grace = "9999999h"'), 'bad-value', 'stop_grace', '7 days')
add('bench-timeout-huge', bench('timeout = "20000m"'), 'bad-value', 'timeout', '7 days')

# ---------------------------------------------------------------- bad-value: strings
add('kind-empty', extra(replace={'kind = "clang"': 'kind = ""'}), 'bad-value', 'kind', 'must not be empty')
add('kind-blank', extra(replace={'kind = "clang"': 'kind = "  "'}), 'bad-value', 'kind', 'unknown toolchain')
add('kind-unknown', extra(replace={'kind = "clang"': 'kind = "clagn"'}), 'bad-value', 'kind', 'did you mean "clang"')
add('kind-number', extra(replace={'kind = "clang"': 'kind = 1'}), 'bad-value', 'kind', 'must be a string')
add('command-empty', extra(replace={'command = "make CC={cc}"': 'command = ""'}), 'bad-value', 'command = ""', 'must not be empty')
add('command-blank', extra(replace={'command = "make CC={cc}"': 'command = "   "'}), 'bad-value', 'command = "  ', 'must not be empty')
add('artifact-empty', extra(replace={'artifact = "{builddir}/app"': 'artifact = ""'}), 'bad-value', 'artifact', 'must not be empty')
add('train-command-empty', extra(replace={'command = "{binary} in.txt"': 'command = ""'}), 'bad-value', 'command = ""', 'must not be empty')
add('server-empty', service_bench().__class__(x.replace('server = "{binary} --port {port}"', 'server = ""') for x in service_bench()),
    'bad-value', 'server = ""', 'must not be empty')
add('client-empty', [x.replace('clients = ["load -p {port}"]', 'clients = [""]') for x in service_bench()],
    'bad-value', 'clients', 'must not be empty')
add('setup-empty', service_bench('setup = ""'), 'bad-value', 'setup', 'must not be empty')
add('teardown-empty', service_bench('teardown = " "'), 'bad-value', 'teardown', 'must not be empty')
add('clean-empty', build('clean = ""'), 'bad-value', 'clean', 'must not be empty')
add('smoke-empty', BASE + ['[bolt]', 'smoke = ""'], 'bad-value', 'smoke', 'must not be empty')
add('cc-empty', extra('toolchain', ['cc = ""']), 'bad-value', 'cc = ', 'must not be empty')
add('cxx-empty', extra('toolchain', ['cxx = ""']), 'bad-value', 'cxx = ', 'must not be empty')
add('project-name-empty', extra(replace={'name = "demo"': 'name = ""'}), 'bad-value', 'name = ""', 'must not be empty')
add('root-empty', project('root = ""'), 'bad-value', 'root', 'must not be empty')
add('root-missing-dir', project('root = "no/such/dir"'), 'bad-value', 'root', 'does not exist')
add('command-nul', extra(replace={'command = "make CC={cc}"': 'command = "make\\u0000 CC={cc}"'}), 'bad-value', 'command = "make', 'NUL')
add('name-nul', extra(replace={'name = "t"': 'name = "t\\u0000"'}), 'bad-value', 'name = "t', 'NUL')
add('workload-name-empty', extra(replace={'name = "t"': 'name = ""'}), 'bad-value', 'name = ""', 'not a usable name')
add('workload-name-slash', extra(replace={'name = "t"': 'name = "a/b"'}), 'bad-value', 'name = "a/b"', 'not a usable name')
add('workload-name-duplicate', BASE + ['', '[[train]]', 'name = "t"', 'command = "{binary} x"'], 'bad-value', 21, 'duplicate workload name')
add('placeholder-unknown', extra(replace={'command = "{binary} in.txt"': 'command = "{bniary} in.txt"'}), 'bad-value', '{bniary}', 'did you mean {binary}')
add('placeholder-build-unknown', extra(replace={'command = "make CC={cc}"': 'command = "make CC={ccc}"'}), 'bad-value', '{ccc}', 'unknown placeholder')
add('copy-sources-string', project('copy_sources = "yes"'), 'bad-value', 'copy_sources', 'must be true or false')
add('variants-empty', extra(replace={'variants = ["release", "pgo"]': 'variants = []'}), 'bad-value', 'variants', 'no variants')
add('variants-unknown', extra(replace={'variants = ["release", "pgo"]': 'variants = ["release", "fast"]'}), 'bad-value', 'variants', 'fast')
add('variants-string', extra(replace={'variants = ["release", "pgo"]': 'variants = "release"'}), 'bad-value', 'variants', 'must be a list of strings')
add('variants-bad-tag', extra(replace={'variants = ["release", "pgo"]': 'variants = ["release", "pgo@"]'}), 'bad-value', 'variants', 'pgo@')
add('variants-untrained-tag', extra(replace={'variants = ["release", "pgo"]': 'variants = ["release", "pgo@srv"]'}), 'bad-value', 'variants', 'no [[train]] entry has profile')
add('stop-signal-kill', service_bench('stop_signal = "SIGKILL"'), 'bad-value', 'stop_signal', 'unsupported signal')
add('bolt-profile-unknown', BASE + ['[bolt]', 'profile = "xyz"'], 'bad-value', 'profile = "xyz"', 'unknown BOLT profile mode')
add('bolt-options-numbers', BASE + ['[bolt]', 'options = [1]'], 'bad-value', 'options', 'must be a list of strings')
add('train-profile-bad', train('profile = "a b"'), 'bad-value', 'profile', 'not a usable profile name')
add('project-not-table', ['project = 1'] + BASE[4:], 'bad-value', 1, 'must be a table [project]')
add('train-not-aot', extra(replace={'[[train]]': '[train]'}), 'bad-value', '[train]', 'must be a list of tables')
add('metric-not-aot', bench('metric = 1'), 'bad-value', '[[bench]]', 'must be a list of [[bench.metric]] tables')

# ---------------------------------------------------------------- bad-value: globs, regexes, readiness
add('exclude-unclosed-bracket', project('exclude = ["[unclosed"]'), 'bad-value', 'exclude', 'invalid glob')
add('exclude-unclosed-brace', project('exclude = ["*.{c,h"]'), 'bad-value', 'exclude', 'invalid glob')
add('exclude-nested-braces', project('exclude = ["{a,{b,c}}"]'), 'bad-value', 'exclude', 'invalid glob')
add('exclude-empty-string', project('exclude = [""]'), 'bad-value', 'exclude', 'must not be empty')
add('exclude-bad-range', project('exclude = ["[z-a]"]'), 'bad-value', 'exclude', 'invalid glob')
add('exclude-number', project('exclude = [1]'), 'bad-value', 'exclude', 'must be a list of strings')
add('exclude-second-bad', project('exclude = ["ok/**",', '  "[bad"]'), 'bad-value', 'exclude', 'invalid glob')
add('ready-log-unclosed', service_bench('ready = "log:(unclosed"'), 'bad-value', 'ready', 'invalid regex')
add('ready-log-empty', service_bench('ready = "log:"'), 'bad-value', 'ready', 'needs a regex')
add('ready-log-bad-quantifier', service_bench('ready = "log:*x"'), 'bad-value', 'ready', 'invalid regex')
add('ready-probe-empty', service_bench('ready = "probe:"'), 'bad-value', 'ready', 'needs a command')
add('ready-probe-blank', service_bench('ready = "probe:   "'), 'bad-value', 'ready', 'needs a command')
add('ready-http-space', service_bench('ready = "http:/a b"'), 'bad-value', 'ready', 'http:')
add('ready-http-url', service_bench('ready = "http://example.org/x"'), 'bad-value', 'ready', 'a path')
add('ready-tcp-port', service_bench('ready = "tcp:6379"'), 'bad-value', 'ready', 'which no command uses')
add('ready-empty', service_bench('ready = ""'), 'bad-value', 'ready', 'unknown readiness check')
add('ready-placeholder', service_bench('ready = "probe:ping {prot}"'), 'bad-value', 'ready', 'did you mean {port}')
add('metric-regex-bad', bench('', '[[bench.metric]]', 'name = "rps"', 'regex = "("'), 'bad-value', 'regex', 'invalid regex')
add('metric-pointer-no-slash', bench('', '[[bench.metric]]', 'name = "rps"', 'json_pointer = "a/b"'), 'bad-value', 'json_pointer', "must start with '/'")
add('metric-both', bench('', '[[bench.metric]]', 'name = "rps"', 'regex = "x"', 'json_pointer = "/a"'), 'bad-value', '[[bench.metric]]', 'exactly one of')
add('metric-direction', bench('', '[[bench.metric]]', 'name = "rps"', 'regex = "x"', 'direction = "up"'), 'bad-value', 'direction', 'must be "lower" or "higher"')
add('metric-shadows-cpu-time', bench('', '[[bench.metric]]', 'name = "cpu_time"', 'regex = "cpu ([0-9.]+)"'), 'bad-value', 'name = "cpu_time"', 'built-in metric')
add('metric-shadows-max-rss', bench('', '[[bench.metric]]', 'name = "max_rss"', 'regex = "rss ([0-9.]+)"'), 'bad-value', 'name = "max_rss"', 'built-in metric')
add('metric-name-empty', bench('', '[[bench.metric]]', 'name = ""', 'regex = "x ([0-9]+)"'), 'bad-value', 'name = ""', 'must not be empty')
add('metric-name-duplicate', bench('', '[[bench.metric]]', 'name = "rps"', 'regex = "x ([0-9]+)"', '', '[[bench.metric]]', 'name = "rps"', 'regex = "y ([0-9]+)"'),
    'bad-value', 25, 'duplicate metric')
add('parser-unknown', bench('parser = "wrk2"'), 'bad-value', 'parser', 'unknown parser')
add('parser-empty', bench('parser = ""'), 'bad-value', 'parser', 'unknown parser')
add('parser-regex', bench('parser = "regex"'), 'bad-value', 'parser', 'not a built-in parser')

# ---------------------------------------------------------------- bad-value: env
add('env-name-equals', build('env = { "A=B" = "1" }'), 'bad-value', 'env', 'environment variable name')
add('env-name-empty', build('env = { "" = "1" }'), 'bad-value', 'env', 'environment variable name')
add('env-name-nul', build('env = { "A\\u0000" = "1" }'), 'bad-value', 'env', 'environment variable name')
add('env-value-nul', build('env = { A = "x\\u0000y" }'), 'bad-value', 'env', 'NUL')
add('env-value-number', build('env = { A = 1 }'), 'bad-value', 'env', 'must be a string')
add('env-train-equals', train('env = { "X=1" = "2" }'), 'bad-value', 'env', 'environment variable name')
add('env-bench-empty', bench('env = { "" = "" }'), 'bad-value', 'env', 'environment variable name')
add('env-not-table', build('env = "A=1"'), 'bad-value', 'env', 'must be a table')

# ---------------------------------------------------------------- bad-value: go and cargo
CARGO = {'kind = "clang"': 'kind = "cargo"', 'command = "make CC={cc}"': 'bins = ["app"]',
         'artifact = "{builddir}/app"': 'profile = "release"'}
add('cargo-bins-bad', extra(replace=dict(CARGO, **{'command = "make CC={cc}"': 'bins = ["a b"]'})), 'bad-value', 'bins', 'not a binary target name')
add('cargo-bins-empty', extra(replace=dict(CARGO, **{'command = "make CC={cc}"': 'bins = []'})), 'bad-value', 'bins', 'empty list')
add('cargo-profile-bad', extra(replace=dict(CARGO, **{'artifact = "{builddir}/app"': 'profile = "a b"'})), 'bad-value', 'profile', 'not a cargo profile name')
add('cargo-args-release', extra('build', ['args = ["--release"]'], replace=CARGO), 'bad-value', 'args', 'is set by pgolab')
add('cargo-timeout-huge', extra('build', ['timeout = "99999999999999999h"'], replace=CARGO), 'bad-value', 'timeout', '7 days')
GO_BASE = ['[project]', 'name = "demo"', 'variants = ["release", "pgo"]', '', '[toolchain]', 'kind = "go"', '',
           '[build]', 'package = "."', '', '[[train]]', 'name = "t"', 'command = "{binary} -cpuprofile={profile} in.txt"', '',
           '[[bench]]', 'name = "b"', 'command = "{binary} in.txt"']


def go(section, *lines, replace=None):
    out = [replace.get(l, l) for l in GO_BASE] if replace else list(GO_BASE)
    if section:
        i = out.index(section) + 1
        while i < len(out) and out[i] != '':
            i += 1
        out[i:i] = list(lines)
    return out


add('ok-go', go(None), 'ok', None, '')
add('go-profile-flag', go('[toolchain]', 'profile_flag = "-cpuprofile"'), 'bad-value', 'profile_flag', 'must contain {profile}')
add('go-package-empty', go(None, replace={'package = "."': 'package = ""'}), 'bad-value', 'package', 'not a package path')
add('go-lto', go(None, replace={'variants = ["release", "pgo"]': 'variants = ["release", "pgo+lto"]'}), 'bad-value', 'variants', 'not available for toolchain kind "go"')
add('go-timeout-nan', go('[build]', 'timeout = "nan"'), 'bad-value', 'timeout', 'not a duration')
add('go-command-empty', go('[build]', 'command = ""'), 'bad-value', 'command = ""', 'must not be empty')
add('go-artifact-empty', go('[build]', 'artifact = ""'), 'bad-value', 'artifact = ""', 'must not be empty')
add('go-binary-empty', go('[toolchain]', 'go = ""'), 'bad-value', 'go = ""', 'must not be empty')
add('cargo-llvm-profdata-empty', extra('toolchain', ['llvm_profdata = ""'], replace=CARGO), 'bad-value', 'llvm_profdata', 'must not be empty')

# ---------------------------------------------------------------- file: bytes and encodings
base_bytes = text(BASE).encode()
add('file-non-utf8', base_bytes.replace(b'name = "demo"', b'name = "d\xffmo"'), 'file', 'name = "d', 'not valid UTF-8')
add('file-latin1', base_bytes.replace(b'in.txt', b'\xe9t\xe9.txt', 1), 'file', 'command = "{binary}', 'not valid UTF-8')
add('file-truncated-multibyte', base_bytes + b'# \xe2\x82', 'file', 19, 'not valid UTF-8')
add('file-overlong', base_bytes.replace(b'name = "demo"', b'name = "\xc0\x80"'), 'file', 'name = "', 'not valid UTF-8')
add('file-surrogate-bytes', base_bytes.replace(b'name = "demo"', b'name = "\xed\xa0\x80"'), 'file', 'name = "', 'not valid UTF-8')
add('file-utf16le', b'\xff\xfe' + text(BASE).encode('utf-16-le'), 'file', None, 'UTF-16')
add('file-utf16be', b'\xfe\xff' + text(BASE).encode('utf-16-be'), 'file', None, 'UTF-16')
add('file-bom-with-error', b'\xef\xbb\xbf' + text(extra(replace={'kind = "clang"': 'kind = "clagn"'})).encode(), 'bad-value', 6, 'unknown toolchain')
add('file-binary-garbage', bytes(range(256)) * 4, 'file', 2, 'not valid UTF-8')
# made at run time by ConfigCorpusTest (see SPECIAL there)
for special, cls, sub in [('@missing', 'file', 'no config file at'), ('@directory', 'file', 'is a directory'),
                          ('@fifo', 'file', 'FIFO'), ('@dev-zero-symlink', 'file', 'character device'),
                          ('@dev-null', 'file', 'character device'), ('@oversized', 'file', 'larger than'),
                          ('@string-8mib', 'file', 'larger than'), ('@dangling-symlink', 'file', 'no config file at')]:
    cases.append((special, None, cls, None, sub))

here = os.path.dirname(os.path.abspath(__file__))
for f in os.listdir(here):
    if f.endswith('.toml'):
        os.remove(os.path.join(here, f))
with open(os.path.join(here, 'expectations.tsv'), 'w') as out:
    out.write('# case\tclass\tline\tmessage substring (generated by generate.py)\n')
    names = set()
    for name, data, cls, line, sub in cases:
        assert name not in names, name
        names.add(name)
        file = name if name.startswith('@') else name + '.toml'
        if data is not None:
            with open(os.path.join(here, file), 'wb') as f:
                f.write(data)
        out.write('%s\t%s\t%s\t%s\n' % (file, cls, '-' if line is None else line, sub))
print(len(cases), 'cases')
