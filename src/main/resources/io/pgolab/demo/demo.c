/*
 * demo.c - the sample program that `pgolab demo` builds, trains and benchmarks.
 *
 * A deterministic, self-contained (C99, libc only) mix of branchy workloads:
 *   text  a generator writes ~8 KB of pseudo-random source code in a tiny
 *         language; a lexer tokenizes it (skewed character classes, rare hex
 *         literals and comments) and hands every token to a sink called
 *         through a function pointer, which counts identifiers in a hash table;
 *   vm    a random program is generated as bytecode and run by a stack VM with
 *         switch dispatch (very uneven opcode frequencies) whose "natives" are
 *         called through a function-pointer table (mostly one target);
 *   dict  inserts / lookups / deletes of skewed string keys in an
 *         open-addressing hash table (linear probing, tombstones, resizing).
 * Cold code (diagnostics, fault handling, rare opcodes, a start-up self test,
 * dumps enabled by DEMO_VERBOSE=1..3) is interleaved with the hot paths.
 *
 * Why PGO helps: the hot paths are a small part of the code and which branches,
 * switch cases and call targets are hot is only known at run time.  With a
 * profile the compiler lays hot blocks out contiguously and moves cold code
 * away, inlines hot call sites (clang: the lexer into its driver loop),
 * promotes the mostly-monomorphic indirect calls (token sink, natives) to
 * direct inlined calls, and unrolls the short hot loops (gcc: hashing, key
 * compares, scanning, weighted picks).
 *
 * Usage: demo MODE SIZE [SEED]
 *   MODE  train  training input (shape A, default seed 1)
 *         bench  held-out input: seed 2 and a somewhat different statement,
 *                operator, native and key mix (shape B)
 *         all    train, then bench
 *   SIZE  work units (1..1000000); each unit runs the three phases once.
 *   Prints "checksum=XXXXXXXX ops=N": the same for every compiler and
 *   optimization level (ops = tokens + VM instructions + dictionary ops).
 *   Exits 0, or 2 with a usage message on bad arguments.
 *
 * Sizes used by pgolab (about 0.25 s / 0.4 s CPU with gcc -O2 on a 2-core VM):
 *   train SIZE=1500, bench SIZE=2200
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_TRAIN_SIZE 1500
#define DEFAULT_BENCH_SIZE 2200

/* ---------------- utilities: PRNG, checksum, diagnostics, buffers ---------------- */

typedef struct { uint64_t s; } Rng;

static uint64_t g_sum = 0x243F6A8885A308D3ull; /* running checksum */
static uint64_t g_ops;                          /* operations performed */
static unsigned long g_diags;                   /* diagnostics raised */
static int g_verbose;                           /* DEMO_VERBOSE level */

static uint64_t rng_next(Rng *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform in [0, n), and skewed towards small values in [0, n) */
static uint32_t rng_below(Rng *r, uint32_t n) { return (uint32_t)(((rng_next(r) >> 32) * n) >> 32); }
static uint32_t rng_skewed(Rng *r, uint32_t n) { return rng_below(r, rng_below(r, n) + 1); }

/* index chosen with the given relative weights */
static int rng_pick(Rng *r, const uint16_t *w, int n) {
    uint32_t total = 0, x;
    int i;
    for (i = 0; i < n; i++) total += w[i];
    x = rng_below(r, total);
    for (i = 0; i < n - 1 && x >= w[i]; i++) x -= w[i];
    return i;
}

static void mix(uint64_t v) { g_sum ^= v + 0x9E3779B97F4A7C15ull + (g_sum << 6) + (g_sum >> 2); }

static void die(const char *what) {
    fprintf(stderr, "demo: fatal: %s\n", what);
    exit(1);
}

/* non-fatal diagnostic: counted and folded into the checksum */
static void diag(const char *where, const char *msg, uint64_t detail) {
    g_diags++;
    mix(0xD1A6ull ^ detail);
    if (g_verbose) fprintf(stderr, "demo: %s: %s (%llu)\n", where, msg, (unsigned long long)detail);
}

static void *xrealloc(void *p, size_t n) {
    if (!(p = realloc(p, n ? n : 1))) die("out of memory");
    return p;
}

typedef struct { char *p; size_t len, cap; } Buf;

static void buf_grow(Buf *b, size_t extra) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) cap *= 2;
    b->p = xrealloc(b->p, cap);
    b->cap = cap;
}

/* appends n bytes and keeps the buffer NUL-terminated */
static void buf_putn(Buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) buf_grow(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void buf_puts(Buf *b, const char *s) { buf_putn(b, s, strlen(s)); }
static void buf_putc(Buf *b, char c) { buf_putn(b, &c, 1); }

static void buf_putu(Buf *b, uint64_t v, unsigned base) {
    char tmp[24];
    int i = sizeof tmp;
    do tmp[--i] = "0123456789abcdef"[v % base];
    while ((v /= base) != 0);
    buf_putn(b, tmp + i, sizeof tmp - (size_t)i);
}

/* ---------------- hash table: open addressing, keys in a string pool ---------------- */

#define SLOT_EMPTY 0xFFFFFFFFu
#define SLOT_TOMB 0xFFFFFFFEu

typedef struct { uint32_t koff, len, hash; uint64_t val; } Slot;
typedef struct { Slot *slot; uint32_t cap, live, tombs; Buf pool; } Table;

static uint32_t hash_bytes(const char *s, size_t n) {
    uint32_t h = 0x811C9DC5u;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 0x01000193u;
    return h ^ (h >> 15);
}

/* keys are short identifiers: a byte loop beats a call to memcmp */
static int keys_equal(const char *a, const char *b, uint32_t n) {
    uint32_t i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static void tab_init(Table *t, uint32_t cap) {
    uint32_t i;
    memset(t, 0, sizeof *t);
    t->cap = cap;
    t->slot = xrealloc(NULL, cap * sizeof(Slot));
    for (i = 0; i < cap; i++) t->slot[i].koff = SLOT_EMPTY;
}

static void tab_free(Table *t) {
    free(t->slot);
    free(t->pool.p);
    memset(t, 0, sizeof *t);
}

static const char *tab_key(const Table *t, const Slot *s) { return t->pool.p + s->koff; }

/* the slot holding the key, or the slot where it would be inserted */
static Slot *tab_probe(Table *t, const char *k, uint32_t n, uint32_t h) {
    uint32_t mask = t->cap - 1, i = h & mask;
    Slot *tomb = NULL;
    for (;; i = (i + 1) & mask) {
        Slot *s = &t->slot[i];
        if (s->koff == SLOT_EMPTY) return tomb ? tomb : s;
        if (s->koff == SLOT_TOMB) {
            if (!tomb) tomb = s;
        } else if (s->hash == h && s->len == n && keys_equal(tab_key(t, s), k, n)) {
            return s;
        }
    }
}

static uint32_t pool_add(Table *t, const char *k, uint32_t n) {
    uint32_t off = (uint32_t)t->pool.len;
    buf_putn(&t->pool, k, n);
    t->pool.len++; /* keep the terminating NUL */
    return off;
}

/* rehash into newcap slots, dropping tombstones and compacting the pool */
static void tab_resize(Table *t, uint32_t newcap) {
    Table old = *t;
    uint32_t i;
    tab_init(t, newcap);
    for (i = 0; i < old.cap; i++) {
        Slot *s = &old.slot[i], *d;
        if (s->koff >= SLOT_TOMB) continue;
        d = tab_probe(t, tab_key(&old, s), s->len, s->hash);
        *d = *s;
        d->koff = pool_add(t, tab_key(&old, s), s->len);
        t->live++;
    }
    tab_free(&old);
}

/* the entry for the key, inserted with value 0 if missing */
static Slot *tab_intern(Table *t, const char *k, uint32_t n) {
    uint32_t h = hash_bytes(k, n);
    Slot *s = tab_probe(t, k, n, h);
    if (s->koff < SLOT_TOMB) return s;
    if ((t->live + t->tombs + 1) * 4 > t->cap * 3) {
        tab_resize(t, t->live * 2 > t->cap ? t->cap * 2 : t->cap);
        s = tab_probe(t, k, n, h);
    }
    if (s->koff == SLOT_TOMB) t->tombs--;
    s->koff = pool_add(t, k, n), s->len = n, s->hash = h, s->val = 0;
    t->live++;
    return s;
}

static Slot *tab_find(Table *t, const char *k, uint32_t n) {
    Slot *s = tab_probe(t, k, n, hash_bytes(k, n));
    return s->koff < SLOT_TOMB ? s : NULL;
}

static int tab_remove(Table *t, const char *k, uint32_t n) {
    Slot *s = tab_find(t, k, n);
    if (!s) return 0;
    s->koff = SLOT_TOMB, t->live--, t->tombs++;
    return 1;
}

/* order-independent digest of all live entries */
static uint64_t tab_digest(const Table *t) {
    uint64_t acc = t->live, x;
    uint32_t i;
    for (i = 0; i < t->cap; i++) {
        const Slot *s = &t->slot[i];
        if (s->koff >= SLOT_TOMB) continue;
        x = ((uint64_t)s->hash << 32 | s->len) ^ (s->val * 0xFF51AFD7ED558CCDull);
        acc += (x ^ (x >> 33)) * 0xC4CEB9FE1A85EC53ull;
    }
    return acc;
}

static void tab_dump(const Table *t, FILE *f, const char *title) {
    uint32_t i, shown = 0;
    fprintf(f, "-- %s: %u live, %u tombstones, %u slots\n", title, t->live, t->tombs, t->cap);
    for (i = 0; i < t->cap && shown < 20; i++)
        if (t->slot[i].koff < SLOT_TOMB && ++shown)
            fprintf(f, "   %-16s %llu\n", tab_key(t, &t->slot[i]), (unsigned long long)t->slot[i].val);
}

/* ---------------- bytecode and native functions ---------------- */

enum {
    OP_HALT, OP_PUSH, OP_LOAD, OP_STORE, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_AND,
    OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_NEG,
    OP_NOT, OP_INV, OP_POP, OP_JMP, OP_JZ, OP_LOOP, OP_CALL, OP_COUNT
};
typedef struct { uint8_t op, a; uint16_t b; uint32_t imm; } Insn;

#define STACK_MAX 256
#define MAX_VARS 64

typedef struct {
    uint64_t stack[STACK_MAX], vars[MAX_VARS];
    Table *sym;
    uint64_t steps, faults;
} VM;

typedef uint64_t (*NativeFn)(VM *vm, const uint64_t *arg);
typedef struct { const char *name; int arity; NativeFn fn; } Native;

static uint64_t nat_mix(VM *vm, const uint64_t *a) {
    uint64_t x = (a[0] ^ (a[0] >> 31)) * 0x7FB5D329728EA185ull;
    (void)vm;
    return x ^ (x >> 27);
}

static uint64_t nat_rot(VM *vm, const uint64_t *a) {
    unsigned r = (unsigned)(a[1] & 63);
    (void)vm;
    return r ? (a[0] << r) | (a[0] >> (64 - r)) : a[0];
}

static uint64_t nat_min(VM *vm, const uint64_t *a) { (void)vm; return a[0] < a[1] ? a[0] : a[1]; }
static uint64_t nat_max(VM *vm, const uint64_t *a) { (void)vm; return a[0] > a[1] ? a[0] : a[1]; }

static uint64_t nat_bits(VM *vm, const uint64_t *a) {
    uint64_t x = a[0], n = 0;
    (void)vm;
    for (; x; x &= x - 1) n++;
    return n;
}

/* counts a number (as the string key "kNNN") in the global symbol table */
static uint64_t nat_look(VM *vm, const uint64_t *a) {
    char key[24];
    int n = snprintf(key, sizeof key, "k%llu", (unsigned long long)(a[0] % 509));
    return tab_intern(vm->sym, key, (uint32_t)n)->val++;
}

static const Native NATIVES[] = {{"mix", 1, nat_mix}, {"rot", 2, nat_rot},   {"min", 2, nat_min},
                                 {"max", 2, nat_max}, {"bits", 1, nat_bits}, {"look", 1, nat_look}};
#define NNATIVES ((int)(sizeof NATIVES / sizeof NATIVES[0]))

static void disassemble(const Insn *code, uint32_t n, FILE *f) {
    uint32_t i;
    for (i = 0; i < n; i++)
        fprintf(f, "%5u  op %-2u a %-3u b %u imm %u%s%s\n", i, code[i].op, code[i].a, code[i].b, code[i].imm,
                code[i].op == OP_CALL ? " ; " : "", code[i].op == OP_CALL ? NATIVES[code[i].a].name : "");
}

/* ---------------- virtual machine ---------------- */

static void vm_fault(VM *vm, const char *msg, uint32_t pc) {
    vm->faults++;
    diag("vm", msg, pc);
}

/* binary operators; x / 0 and x % 0 set *fault */
static uint64_t arith(int op, uint64_t x, uint64_t y, int *fault) {
    switch (op) {
    case OP_ADD: return x + y;
    case OP_SUB: return x - y;
    case OP_MUL: return x * y;
    case OP_DIV: if (y != 0) return x / y; break;
    case OP_MOD: if (y != 0) return x % y; break;
    case OP_AND: return x & y;
    case OP_OR: return x | y;
    case OP_XOR: return x ^ y;
    case OP_SHL: return x << (y & 63);
    case OP_SHR: return x >> (y & 63);
    case OP_LT: return x < y;
    case OP_LE: return x <= y;
    case OP_GT: return x > y;
    case OP_GE: return x >= y;
    case OP_EQ: return x == y;
    case OP_NE: return x != y;
    default: break;
    }
    *fault = 1;
    return 0;
}

#define NEED(k) do { if (sp - vm->stack < (k)) goto underflow; } while (0)
#define ROOM(k) do { if (sp + (k) > vm->stack + STACK_MAX) goto overflow; } while (0)

/* runs code[0..n); returns 0 on a normal halt, -1 on a fault */
static int vm_run(VM *vm, const Insn *code, uint32_t n, uint64_t budget) {
    uint64_t *sp = vm->stack, steps = 0, y;
    uint32_t pc = 0;
    int rc = -1, fault = 0;
    for (;;) {
        const Insn *in;
        if (pc >= n) { vm_fault(vm, "pc out of range", pc); goto out; }
        in = &code[pc++];
        steps++;
        switch (in->op) {
        case OP_PUSH: ROOM(1); *sp++ = in->imm; break;
        case OP_LOAD: ROOM(1); *sp++ = vm->vars[in->a]; break;
        case OP_STORE: NEED(1); vm->vars[in->a] = *--sp; break;
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: case OP_AND: case OP_OR: case OP_XOR:
        case OP_SHL: case OP_SHR: case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
            NEED(2);
            y = *--sp;
            sp[-1] = arith(in->op, sp[-1], y, &fault);
            if (fault) { vm_fault(vm, "arithmetic fault", pc - 1); fault = 0; }
            break;
        case OP_NEG: NEED(1); sp[-1] = 0 - sp[-1]; break;
        case OP_NOT: NEED(1); sp[-1] = !sp[-1]; break;
        case OP_INV: NEED(1); sp[-1] = ~sp[-1]; break;
        case OP_POP: NEED(1); sp--; break;
        case OP_JMP: pc = in->imm; break;
        case OP_JZ: NEED(1); if (*--sp == 0) pc = in->imm; break;
        case OP_LOOP:
            if (--vm->vars[in->a] != 0) pc = in->imm;
            if (steps > budget) { vm_fault(vm, "step budget exhausted", pc); goto out; }
            break;
        case OP_CALL:
            NEED(in->b);
            sp -= in->b;
            sp[0] = NATIVES[in->a].fn(vm, sp);
            sp++;
            break;
        case OP_HALT: rc = 0; goto out;
        default: vm_fault(vm, "illegal instruction", pc - 1); goto out;
        }
    }
underflow:
    vm_fault(vm, "stack underflow", pc - 1);
    goto out;
overflow:
    vm_fault(vm, "stack overflow", pc - 1);
out:
    vm->steps += steps;
    return rc;
}

/* ---------------- lexer ---------------- */

enum { T_EOF, T_IDENT, T_KW, T_INT, T_OP, T_COMMENT, T_ERR, T_COUNT };
enum { KW_IF = 1, KW_ELSE, KW_LOOP };
enum {
    P_PLUS, P_MINUS, P_STAR, P_SLASH, P_PCT, P_AMP, P_BAR, P_CARET, P_TILDE, P_BANG, P_LT, P_LE, P_GT, P_GE,
    P_EQEQ, P_NE, P_SHL, P_SHR, P_ASSIGN, P_LPAREN, P_RPAREN, P_LBRACE, P_RBRACE, P_SEMI, P_COMMA, P_COUNT
};
enum { C_OTHER, C_SPACE, C_NL, C_ALPHA, C_DIGIT, C_SLASH, C_OP };

typedef struct { int kind, sub, line; const char *s; uint32_t len; uint64_t num; } Token;
typedef struct { const char *p, *end; int line; Token tok; } Lexer;

static unsigned char g_cls[256], g_opsub[256]; /* character class, operator kind */
static const char OP_CHARS[] = "+-*/%&|^~!<>=(){};,";

static void lex_init_classes(void) {
    static const unsigned char sub[] = {P_PLUS,   P_MINUS,  P_STAR,   P_SLASH, P_PCT,  P_AMP,    P_BAR,
                                        P_CARET,  P_TILDE,  P_BANG,   P_LT,    P_GT,   P_ASSIGN, P_LPAREN,
                                        P_RPAREN, P_LBRACE, P_RBRACE, P_SEMI,  P_COMMA};
    int c;
    for (c = 0; c < 256; c++) g_cls[c] = (c | 32) >= 'a' && (c | 32) <= 'z' ? C_ALPHA : C_OTHER;
    for (c = '0'; c <= '9'; c++) g_cls[c] = C_DIGIT;
    g_cls[' '] = g_cls['\t'] = g_cls['\r'] = C_SPACE;
    g_cls['\n'] = C_NL;
    g_cls['_'] = C_ALPHA;
    for (c = 0; OP_CHARS[c]; c++) {
        g_cls[(unsigned char)OP_CHARS[c]] = C_OP;
        g_opsub[(unsigned char)OP_CHARS[c]] = sub[c];
    }
    g_cls['/'] = C_SLASH;
}

static void lex_init(Lexer *lx, const char *text, size_t n) {
    memset(lx, 0, sizeof *lx);
    lx->p = text, lx->end = text + n, lx->line = 1;
}

/* finishes the current token, which ends at p */
static void tok_end(Lexer *lx, int kind, const char *p) {
    lx->tok.kind = kind;
    lx->tok.len = (uint32_t)(p - lx->tok.s);
    lx->p = p;
}

static void lex_warn(Lexer *lx, const char *msg) { diag("lexer", msg, (uint64_t)lx->line); }

static int keyword_id(const char *s, uint32_t n) {
    if (n == 2 && s[0] == 'i' && s[1] == 'f') return KW_IF;
    if (n == 4 && memcmp(s, "else", 4) == 0) return KW_ELSE;
    return n == 4 && memcmp(s, "loop", 4) == 0 ? KW_LOOP : 0;
}

static void lex_ident(Lexer *lx) {
    const char *p = lx->p;
    while (p < lx->end && (g_cls[(unsigned char)*p] == C_ALPHA || g_cls[(unsigned char)*p] == C_DIGIT)) p++;
    lx->tok.sub = keyword_id(lx->p, (uint32_t)(p - lx->p));
    tok_end(lx, lx->tok.sub ? T_KW : T_IDENT, p);
}

static int hex_digit(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if ((c | 32) >= 'a' && (c | 32) <= 'f') return (c | 32) - 'a' + 10;
    return -1;
}

/* decimal with optional '_' separators, or 0x hex */
static void lex_number(Lexer *lx) {
    const char *p = lx->p;
    uint64_t v = 0;
    int d;
    if (p + 2 < lx->end && p[0] == '0' && (p[1] | 32) == 'x' && hex_digit(p[2]) >= 0) {
        for (p += 2; p < lx->end && (d = hex_digit(*p)) >= 0; p++) {
            if (v >> 60) lex_warn(lx, "hex literal overflow");
            v = v << 4 | (uint64_t)d;
        }
    } else {
        for (; p < lx->end && ((d = *p - '0') >= 0 && d <= 9 ? 1 : *p == '_'); p++) {
            if (*p == '_') continue;
            if (v > (UINT64_MAX - (unsigned)d) / 10) { lex_warn(lx, "integer overflow"); v = UINT64_MAX; }
            else v = v * 10 + (unsigned)d;
        }
    }
    if (p < lx->end && g_cls[(unsigned char)*p] == C_ALPHA) lex_warn(lx, "bad suffix on number");
    lx->tok.num = v;
    tok_end(lx, T_INT, p);
}

static void lex_operator(Lexer *lx) {
    const char *p = lx->p;
    int c2 = p + 1 < lx->end ? p[1] : 0, sub = g_opsub[(unsigned char)p[0]], len = 2;
    if (c2 == '=' && (sub == P_BANG || sub == P_ASSIGN || sub == P_LT || sub == P_GT))
        sub = sub == P_BANG ? P_NE : sub == P_ASSIGN ? P_EQEQ : sub == P_LT ? P_LE : P_GE;
    else if ((sub == P_LT && c2 == '<') || (sub == P_GT && c2 == '>')) sub = sub == P_LT ? P_SHL : P_SHR;
    else len = 1;
    lx->tok.sub = sub;
    tok_end(lx, T_OP, p + len);
}

static void lex_next(Lexer *lx) {
    const char *p = lx->p;
    for (; p < lx->end && g_cls[(unsigned char)*p] <= C_NL; p++)
        if (*p == '\n') lx->line++;
    lx->p = lx->tok.s = p;
    lx->tok.line = lx->line;
    lx->tok.sub = 0;
    if (p >= lx->end) { tok_end(lx, T_EOF, p); return; }
    switch (g_cls[(unsigned char)*p]) {
    case C_ALPHA: lex_ident(lx); break;
    case C_DIGIT: lex_number(lx); break;
    case C_SLASH:
        if (p + 1 < lx->end && p[1] == '/') { /* line comment */
            while (p < lx->end && *p != '\n') p++;
            tok_end(lx, T_COMMENT, p);
            break;
        }
        /* fall through */
    case C_OP: lex_operator(lx); break;
    default:
        lex_warn(lx, "stray character");
        tok_end(lx, T_ERR, p + 1);
        break;
    }
}

/* token consumers of the text phase, called through a pointer */
typedef void (*TokenFn)(void *ctx, const Token *t);
typedef struct { Table *sym; uint64_t kinds[T_COUNT], numsum, opmix; } TextStats;

static void stats_on_token(void *ctx, const Token *t) {
    TextStats *st = ctx;
    st->kinds[t->kind]++;
    switch (t->kind) {
    case T_IDENT: tab_intern(st->sym, t->s, t->len)->val++; break;
    case T_INT: st->numsum += t->num; break;
    case T_OP: st->opmix = st->opmix * 31 + (uint64_t)t->sub; break;
    case T_KW: st->opmix += (uint64_t)t->sub << 8; break;
    default: break;
    }
}

static void print_on_token(void *ctx, const Token *t) {
    static const char *const names[T_COUNT] = {"eof", "ident", "keyword", "int", "op", "comment", "error"};
    stats_on_token(ctx, t);
    fprintf(stderr, "%4d %-8s %.*s\n", t->line, names[t->kind], (int)t->len, t->s);
}

static uint64_t lex_all(const char *text, size_t n, TokenFn fn, void *ctx) {
    Lexer lx;
    uint64_t count = 0;
    lex_init(&lx, text, n);
    for (lex_next(&lx); lx.tok.kind != T_EOF; lex_next(&lx), count++) fn(ctx, &lx.tok);
    return count;
}

/* ---------------- source generator ---------------- */

enum { ST_ASSIGN, ST_CALL, ST_IF, ST_LOOP, ST_COMMENT, ST_COUNT };
#define NBIN 16
static const char *const BIN_TEXT[NBIN] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>",
                                           "<", "<=", ">", ">=", "==", "!="};

/* proportions of one input family ("shape"); train and bench differ */
typedef struct {
    uint16_t stmt_w[ST_COUNT], bin_w[NBIN], nat_w[NNATIVES];
    uint16_t pct_call, pct_var, pct_unary, pct_paren; /* expression leaves and forms */
    uint32_t vocab, text_bytes, loop_min, loop_span;  /* text and program size */
    uint32_t dict_keys, dict_ops, pct_ins, pct_del;   /* dictionary phase */
    uint64_t salt;
} Shape;

typedef struct { Buf *out; Rng *rng; const Shape *sh; uint32_t nvars; int indent; } Gen;

static const char SYL[] = "karomitesuloanvediqunepozahielor"; /* 16 two-letter syllables */

/* deterministic identifier for vocabulary entry idx, e.g. "mika" */
static void ident_for(Buf *b, uint32_t idx) {
    buf_putn(b, SYL + 2 * (idx & 15), 2);
    do {
        idx >>= 4;
        buf_putn(b, SYL + 2 * (idx & 15), 2);
    } while (idx > 15);
}

static void gen_var(Gen *g) { ident_for(g->out, rng_skewed(g->rng, g->sh->vocab)); }

static void gen_int(Gen *g) {
    uint32_t r = rng_below(g->rng, 100), hex = r >= 96 && r < 99;
    if (hex) buf_puts(g->out, "0x");
    buf_putu(g->out, r < 75 ? rng_below(g->rng, 100) : rng_below(g->rng, 1000000), hex ? 16 : 10);
    if (r == 99) buf_puts(g->out, "_000"); /* digit separator */
}

static void gen_expr(Gen *g, int depth);

static void gen_call(Gen *g, int depth) {
    int k = rng_pick(g->rng, g->sh->nat_w, NNATIVES), i;
    buf_puts(g->out, NATIVES[k].name);
    buf_putc(g->out, '(');
    for (i = 0; i < NATIVES[k].arity; i++) {
        if (i) buf_puts(g->out, ", ");
        gen_expr(g, depth - 1);
    }
    buf_putc(g->out, ')');
}

static void gen_expr(Gen *g, int depth) {
    uint32_t r = rng_below(g->rng, 100), paren;
    int op;
    if (depth <= 0 || r < 25) { /* leaf */
        r = rng_below(g->rng, 100);
        if (r < g->sh->pct_call && depth > 0) gen_call(g, depth);
        else if (r < g->sh->pct_var) gen_var(g);
        else gen_int(g);
        return;
    }
    if (r < 25u + g->sh->pct_unary) {
        buf_putc(g->out, "-~!"[rng_below(g->rng, 3)]);
        buf_putc(g->out, '(');
        gen_expr(g, depth - 1);
        buf_putc(g->out, ')');
        return;
    }
    op = rng_pick(g->rng, g->sh->bin_w, NBIN);
    paren = rng_below(g->rng, 100) < g->sh->pct_paren;
    if (paren) buf_putc(g->out, '(');
    gen_expr(g, depth - 1);
    buf_putc(g->out, ' ');
    buf_puts(g->out, BIN_TEXT[op]);
    buf_putc(g->out, ' ');
    if (op == 8 || op == 9) buf_putu(g->out, 1 + rng_below(g->rng, 13), 10); /* shift count */
    else gen_expr(g, depth - 1);
    if (paren) buf_putc(g->out, ')');
}

static void gen_block(Gen *g, int nstmts, int depth);

static void gen_stmt(Gen *g, int depth) {
    int kind = rng_pick(g->rng, g->sh->stmt_w, ST_COUNT), i;
    if ((kind == ST_IF || kind == ST_LOOP) && depth >= 2) kind = ST_ASSIGN;
    for (i = 0; i < g->indent; i++) buf_puts(g->out, "  ");
    switch (kind) {
    case ST_ASSIGN:
        gen_var(g);
        buf_puts(g->out, " = ");
        gen_expr(g, 3);
        buf_puts(g->out, ";\n");
        break;
    case ST_CALL:
        gen_call(g, 2);
        buf_puts(g->out, ";\n");
        break;
    case ST_IF:
        buf_puts(g->out, "if ");
        gen_expr(g, 2);
        gen_block(g, 1 + (int)rng_below(g->rng, 3), depth + 1);
        if (rng_below(g->rng, 2)) {
            buf_puts(g->out, " else");
            gen_block(g, 1 + (int)rng_below(g->rng, 2), depth + 1);
        }
        buf_putc(g->out, '\n');
        break;
    case ST_LOOP:
        buf_puts(g->out, "loop ");
        buf_putu(g->out, 2 + rng_below(g->rng, 6), 10);
        gen_block(g, 1 + (int)rng_below(g->rng, 3), depth + 1);
        buf_putc(g->out, '\n');
        break;
    default:
        buf_puts(g->out, "// note: ");
        gen_var(g);
        buf_putc(g->out, '\n');
        break;
    }
}

static void gen_block(Gen *g, int nstmts, int depth) {
    int i;
    buf_puts(g->out, " {\n");
    g->indent++;
    for (i = 0; i < nstmts; i++) gen_stmt(g, depth);
    g->indent--;
    for (i = 0; i < g->indent; i++) buf_puts(g->out, "  ");
    buf_putc(g->out, '}');
}

/* ---------------- program generator: random bytecode for the VM ---------------- */

typedef struct { Insn *code; uint32_t n, cap, nslots; } Code;

static const uint8_t BIN_OPCODE[NBIN] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_AND, OP_OR, OP_XOR,
                                         OP_SHL, OP_SHR, OP_LT,  OP_LE,  OP_GT,  OP_GE,  OP_EQ, OP_NE};

static uint32_t emit(Code *c, int op, int a, int b, uint32_t imm) {
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 256;
        c->code = xrealloc(c->code, c->cap * sizeof(Insn));
    }
    c->code[c->n] = (Insn){(uint8_t)op, (uint8_t)a, (uint16_t)b, imm};
    return c->n++;
}

static void cg_expr(Gen *g, Code *c, int depth);

static void cg_call(Gen *g, Code *c, int depth) {
    int k = rng_pick(g->rng, g->sh->nat_w, NNATIVES), i;
    for (i = 0; i < NATIVES[k].arity; i++) cg_expr(g, c, depth - 1);
    emit(c, OP_CALL, k, NATIVES[k].arity, 0);
}

/* a random expression with the same distribution as gen_expr, as stack code */
static void cg_expr(Gen *g, Code *c, int depth) {
    uint32_t r = rng_below(g->rng, 100);
    int op;
    if (depth <= 0 || r < 25) { /* leaf */
        r = rng_below(g->rng, 100);
        if (r < g->sh->pct_call && depth > 0) cg_call(g, c, depth);
        else if (r < g->sh->pct_var) emit(c, OP_LOAD, (int)rng_below(g->rng, g->nvars), 0, 0);
        else emit(c, OP_PUSH, 0, 0, r < 90 ? rng_below(g->rng, 100) : rng_below(g->rng, 1000000));
        return;
    }
    if (r < 25u + g->sh->pct_unary) {
        cg_expr(g, c, depth - 1);
        emit(c, OP_NEG + (int)rng_below(g->rng, 3), 0, 0, 0);
        return;
    }
    op = rng_pick(g->rng, g->sh->bin_w, NBIN);
    cg_expr(g, c, depth - 1);
    if (op == 8 || op == 9) emit(c, OP_PUSH, 0, 0, 1 + rng_below(g->rng, 13)); /* shift count */
    else cg_expr(g, c, depth - 1);
    emit(c, BIN_OPCODE[op], 0, 0, 0);
}

static void cg_block(Gen *g, Code *c, int nstmts, int depth);

/* loop N { B }  =>  push N; store h; load h; jz L2; L1: B; loop h, L1; L2: */
static void cg_loop(Gen *g, Code *c, uint32_t count, int nstmts, int depth) {
    int h = (int)c->nslots++; /* hidden counter variable */
    uint32_t jz, top;
    emit(c, OP_PUSH, 0, 0, count);
    emit(c, OP_STORE, h, 0, 0);
    emit(c, OP_LOAD, h, 0, 0);
    jz = emit(c, OP_JZ, 0, 0, 0);
    top = c->n;
    cg_block(g, c, nstmts, depth);
    emit(c, OP_LOOP, h, 0, top);
    c->code[jz].imm = c->n;
}

/* if E { A } else { B }  =>  E; jz L1; A; jmp L2; L1: B; L2: */
static void cg_block(Gen *g, Code *c, int nstmts, int depth) {
    uint32_t jz, jmp;
    while (nstmts-- > 0) {
        int kind = rng_pick(g->rng, g->sh->stmt_w, ST_COUNT);
        if (kind == ST_COMMENT || ((kind == ST_IF || kind == ST_LOOP) && depth >= 2)) kind = ST_ASSIGN;
        if (kind == ST_LOOP && c->nslots >= MAX_VARS) kind = ST_ASSIGN;
        if (kind == ST_ASSIGN) {
            cg_expr(g, c, 3);
            emit(c, OP_STORE, (int)rng_below(g->rng, g->nvars), 0, 0);
        } else if (kind == ST_CALL) {
            cg_call(g, c, 2);
            emit(c, OP_POP, 0, 0, 0);
        } else if (kind == ST_LOOP) {
            uint32_t count = 2 + rng_below(g->rng, 6); /* (sequenced: argument order is unspecified) */
            cg_loop(g, c, count, 1 + (int)rng_below(g->rng, 3), depth + 1);
        } else {
            cg_expr(g, c, 2);
            jz = emit(c, OP_JZ, 0, 0, 0);
            cg_block(g, c, 1 + (int)rng_below(g->rng, 3), depth + 1);
            if (rng_below(g->rng, 2)) {
                jmp = emit(c, OP_JMP, 0, 0, 0);
                c->code[jz].imm = c->n;
                cg_block(g, c, 1 + (int)rng_below(g->rng, 2), depth + 1);
                jz = jmp;
            }
            c->code[jz].imm = c->n;
        }
    }
}

/* a runnable program: variable initializations, then one hot loop */
static void cg_program(Gen *g, Code *c) {
    uint32_t i, count;
    g->nvars = c->nslots = 4 + rng_below(g->rng, 6);
    for (i = 0; i < g->nvars; i++) {
        emit(c, OP_PUSH, 0, 0, (uint32_t)(rng_next(g->rng) & 0xFFFF));
        emit(c, OP_STORE, (int)i, 0, 0);
    }
    count = g->sh->loop_min + rng_below(g->rng, g->sh->loop_span);
    cg_loop(g, c, count, 4 + (int)rng_below(g->rng, 5), 0);
    emit(c, OP_HALT, 0, 0, 0);
}

/* ---------------- workload phases ---------------- */

static const Shape SHAPE_TRAIN = {
    {82, 5, 4, 3, 6},                                     /* assign call if loop comment */
    {30, 12, 14, 1, 4, 8, 5, 12, 4, 5, 3, 1, 2, 1, 2, 1}, /* + - * / % & | ^ << >> < <= > >= == != */
    {82, 5, 3, 3, 3, 4},                                  /* mix rot min max bits look */
    16, 55, 4, 35,                                        /* % call, var, unary, parenthesized */
    4096, 8192, 60, 120,                                  /* vocabulary, text bytes, loop count */
    3000, 1000, 60, 10,                                   /* dict keys, ops, % insert, % delete */
    0x7261696Eull};

static const Shape SHAPE_BENCH = {
    {80, 6, 5, 4, 6},
    {26, 13, 16, 1, 5, 8, 6, 13, 4, 4, 3, 1, 2, 1, 2, 1},
    {77, 6, 4, 4, 4, 5},
    18, 58, 5, 40,
    5000, 8192, 70, 120,
    3500, 1000, 55, 12,
    0x62656E63ull};

/* generates ~8 KB of source text and collects token statistics */
static void phase_text(Rng *r, const Shape *sh, Table *sym, Buf *text) {
    Gen g = {text, r, sh, 0, 0};
    TextStats st;
    TokenFn sink = g_verbose > 1 ? print_on_token : stats_on_token;
    int i;
    text->len = 0;
    while (text->len < sh->text_bytes) gen_stmt(&g, 0);
    memset(&st, 0, sizeof st);
    st.sym = sym;
    g_ops += lex_all(text->p, text->len, sink, &st);
    mix(st.numsum ^ st.opmix);
    for (i = 0; i < T_COUNT; i++) mix(st.kinds[i]);
}

/* generates and runs one program */
static void phase_program(Rng *r, const Shape *sh, VM *vm) {
    Gen g = {NULL, r, sh, 0, 0};
    Code c = {NULL, 0, 0, 0};
    uint64_t before = vm->steps;
    uint32_t i;
    cg_program(&g, &c);
    if (g_verbose > 2) disassemble(c.code, c.n, stderr);
    memset(vm->vars, 0, sizeof vm->vars);
    if (vm_run(vm, c.code, c.n, 100000000u) != 0) diag("vm", "program aborted", vm->steps - before);
    for (i = 0; i < c.nslots; i++) mix(vm->vars[i]);
    g_ops += vm->steps - before;
    free(c.code);
}

/* insert / delete / lookup of skewed string keys */
static void phase_dict(Rng *r, const Shape *sh, Table *t) {
    Buf key = {NULL, 0, 0};
    uint64_t i, hits = 0, misses = 0, removed = 0;
    for (i = 0; i < sh->dict_ops; i++) {
        uint32_t op = rng_below(r, 100);
        Slot *s;
        key.len = 0;
        ident_for(&key, rng_skewed(r, sh->dict_keys) * 7 + 3);
        if (op < sh->pct_ins) tab_intern(t, key.p, (uint32_t)key.len)->val += i;
        else if (op < sh->pct_ins + sh->pct_del) removed += (uint64_t)tab_remove(t, key.p, (uint32_t)key.len);
        else if ((s = tab_find(t, key.p, (uint32_t)key.len)) != NULL) hits += s->val;
        else misses++;
    }
    g_ops += sh->dict_ops;
    mix(hits);
    mix(misses ^ removed << 32);
    free(key.p);
}

static void run_workload(const Shape *sh, long size, uint64_t seed) {
    Rng r = {seed * 0x9E3779B97F4A7C15ull ^ sh->salt};
    Table sym, dict;
    VM *vm = xrealloc(NULL, sizeof *vm);
    Buf text = {NULL, 0, 0};
    long unit;
    memset(vm, 0, sizeof *vm);
    tab_init(&sym, 64);
    tab_init(&dict, 64);
    vm->sym = &sym;
    for (unit = 0; unit < size; unit++) {
        phase_text(&r, sh, &sym, &text);
        phase_program(&r, sh, vm);
        phase_dict(&r, sh, &dict);
    }
    mix(tab_digest(&sym));
    mix(tab_digest(&dict));
    mix(vm->faults);
    if (g_verbose) {
        tab_dump(&sym, stderr, "symbols");
        tab_dump(&dict, stderr, "dictionary");
        fprintf(stderr, "vm: %llu steps, %llu faults, %lu diagnostics\n", (unsigned long long)vm->steps,
                (unsigned long long)vm->faults, g_diags);
    }
    tab_free(&sym);
    tab_free(&dict);
    free(text.p);
    free(vm);
}

/* start-up sanity check of the VM: a = 6; loop 3 { a = a * 7 + 1; } c = mix(a) / 0; */
static void self_test(void) {
    static const Insn prog[] = {
        {OP_PUSH, 0, 0, 6}, {OP_STORE, 0, 0, 0}, {OP_PUSH, 0, 0, 3}, {OP_STORE, 1, 0, 0}, {OP_LOAD, 1, 0, 0},
        {OP_JZ, 0, 0, 13},  {OP_LOAD, 0, 0, 0},  {OP_PUSH, 0, 0, 7}, {OP_MUL, 0, 0, 0},   {OP_PUSH, 0, 0, 1},
        {OP_ADD, 0, 0, 0},  {OP_STORE, 0, 0, 0}, {OP_LOOP, 1, 0, 6}, {OP_LOAD, 0, 0, 0},  {OP_CALL, 0, 1, 0},
        {OP_PUSH, 0, 0, 0}, {OP_DIV, 0, 0, 0},   {OP_STORE, 2, 0, 0}, {OP_HALT, 0, 0, 0}};
    VM vm;
    memset(&vm, 0, sizeof vm);
    vm.vars[2] = 1;
    if (vm_run(&vm, prog, sizeof prog / sizeof prog[0], 1000) != 0 || vm.vars[0] != 2115 || vm.vars[2] != 0 ||
        vm.faults != 1 || vm.steps != 33)
        die("self-test failed");
}

/* ---------------- command line ---------------- */

static int usage(const char *argv0, const char *why) {
    fprintf(stderr,
            "demo: %s\n"
            "usage: %s MODE SIZE [SEED]\n"
            "  MODE  train | bench | all\n"
            "  SIZE  work units, 1..1000000 (pgolab uses train %d, bench %d)\n"
            "  SEED  optional positive integer (default: 1 for train, 2 for bench)\n",
            why, argv0, DEFAULT_TRAIN_SIZE, DEFAULT_BENCH_SIZE);
    return 2;
}

/* strict decimal in [0, max]; -1 on error */
static long parse_count(const char *s, long max) {
    long v = 0;
    if (!*s) return -1;
    for (; *s; s++)
        if (*s < '0' || *s > '9' || (v = v * 10 + (*s - '0')) > max) return -1;
    return v;
}

int main(int argc, char **argv) {
    const char *env = getenv("DEMO_VERBOSE");
    int train, bench;
    long size, seed = 0;
    if (argc < 3 || argc > 4) return usage(argv[0], "wrong number of arguments");
    train = strcmp(argv[1], "train") == 0 || strcmp(argv[1], "all") == 0;
    bench = strcmp(argv[1], "bench") == 0 || strcmp(argv[1], "all") == 0;
    if (!train && !bench) return usage(argv[0], "unknown MODE");
    if ((size = parse_count(argv[2], 1000000)) < 1)
        return usage(argv[0], "SIZE must be an integer in 1..1000000");
    if (argc == 4 && (seed = parse_count(argv[3], 2000000000)) < 1)
        return usage(argv[0], "SEED must be a positive integer");
    g_verbose = env ? atoi(env) : 0;
    lex_init_classes();
    self_test();
    if (train) run_workload(&SHAPE_TRAIN, size, seed ? (uint64_t)seed : 1);
    if (bench) run_workload(&SHAPE_BENCH, size, seed ? (uint64_t)seed + 0x5EED : 2);
    printf("checksum=%08x ops=%llu\n", (unsigned)(g_sum ^ (g_sum >> 32)), (unsigned long long)g_ops);
    return 0;
}
