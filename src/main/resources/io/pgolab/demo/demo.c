/*
 * demo.c - sample workload that `pgolab demo` builds, trains and benchmarks.
 *
 * A deterministic toy language toolchain in one C99 file (libc only): a
 * generator writes pseudo-random source text in a tiny language; a lexer
 * tokenizes it (skewed character classes) and counts identifiers in
 * open-addressing hash tables; a generic merge sort ranks them through a
 * comparator callback; a precedence-climbing parser compiles generated
 * programs to bytecode that a switch-dispatch stack VM runs (very uneven
 * opcode frequencies, "natives" called through a function-pointer table);
 * a dictionary phase inserts / looks up / deletes string keys.  Lots of cold
 * code: diagnostics, error recovery, rare opcodes, a start-up self test and
 * dumps that only run with DEMO_VERBOSE=1..4.
 *
 * Why PGO helps: only a small part of the code is hot, and which branches,
 * cases and call targets are hot is only known at run time.  With a profile
 * the compiler lays hot paths out contiguously and moves error paths away,
 * inlines hot call sites, promotes the almost-monomorphic indirect calls
 * (token sink, sort comparator, natives) to direct inlined calls, turns
 * "h % cap" into a mask for the (power-of-two) table sizes, specializes
 * memcpy sizes, and unrolls or peels short hot loops (hashing, compares).
 *
 * Usage: demo MODE SIZE [SEED]
 *   MODE  train (shape A, seed 1) | bench (held-out: seed 2 and a somewhat
 *         different statement/operator/native/key mix) | all (both)
 *   SIZE  work units, 1..1000000; each unit lexes and ranks ~8 KB of text,
 *         compiles and runs one program and does 2000 dictionary operations
 *   Prints "checksum=XXXXXXXX ops=N" (identical for every compiler and
 *   optimization level; ops = tokens + VM instructions + dictionary ops).
 *   Exits 0, or 2 with a usage message on bad arguments.
 *
 * Sizes used by pgolab (CPU time with gcc -O2 on a 2-core VM):
 *   train SIZE=800 (~0.25 s)   bench SIZE=1200 (~0.4 s)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_TRAIN_SIZE 800
#define DEFAULT_BENCH_SIZE 1200

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

static void tab_free(Table *t) { free(t->slot), free(t->pool.p), memset(t, 0, sizeof *t); }
static const char *tab_key(const Table *t, const Slot *s) { return t->pool.p + s->koff; }

/* the slot holding the key, or the slot where it would be inserted */
static Slot *tab_probe(Table *t, const char *k, uint32_t n, uint32_t h) {
    uint32_t i = h % t->cap;
    Slot *tomb = NULL;
    for (;; i = i + 1 < t->cap ? i + 1 : 0) {
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

/* ---------------- generic stable merge sort (qsort-style interface) ---------------- */

typedef int (*CmpFn)(const void *a, const void *b);

static void msort_rec(char *base, char *tmp, size_t n, size_t size, CmpFn cmp) {
    size_t i, j, k, half = n / 2;
    if (n <= 6) { /* insertion sort for short runs */
        for (i = 1; i < n; i++) {
            memcpy(tmp, base + i * size, size);
            for (j = i; j > 0 && cmp(base + (j - 1) * size, tmp) > 0; j--)
                memcpy(base + j * size, base + (j - 1) * size, size);
            memcpy(base + j * size, tmp, size);
        }
        return;
    }
    msort_rec(base, tmp, half, size, cmp);
    msort_rec(base + half * size, tmp, n - half, size, cmp);
    for (i = 0, j = half, k = 0; i < half && j < n; k++) {
        if (cmp(base + j * size, base + i * size) < 0) memcpy(tmp + k * size, base + j++ * size, size);
        else memcpy(tmp + k * size, base + i++ * size, size);
    }
    memcpy(tmp + k * size, base + i * size, (half - i) * size); /* rest of the left run */
    memcpy(base, tmp, (k + half - i) * size);                   /* rest of the right run stays */
}

static void msort(void *base, size_t n, size_t size, CmpFn cmp) {
    char *tmp = xrealloc(NULL, (n + 1) * size);
    msort_rec(base, tmp, n, size, cmp);
    free(tmp);
}

/* ---------------- bytecode and native functions ---------------- */

enum {
    OP_HALT, OP_PUSH, OP_LOAD, OP_STORE, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_AND,
    OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_NEG,
    OP_NOT, OP_INV, OP_POP, OP_JMP, OP_JZ, OP_LOOP, OP_CALL, OP_PRINT, OP_ASSERT, OP_COUNT
};
typedef struct { uint8_t op, a; uint16_t b; uint32_t imm; } Insn;

#define STACK_MAX 256
#define MAX_VARS 64

typedef struct {
    uint64_t stack[STACK_MAX], vars[MAX_VARS];
    Table *sym;
    uint64_t steps, faults, printed;
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

static int native_find(const char *s, uint32_t n) {
    int i;
    for (i = 0; i < NNATIVES; i++)
        if (strlen(NATIVES[i].name) == n && memcmp(NATIVES[i].name, s, n) == 0) return i;
    return -1;
}

static void disassemble(const Insn *code, uint32_t n, FILE *f) {
    uint32_t i;
    for (i = 0; i < n; i++)
        fprintf(f, "%5u  op %-2u a %-3u b %u imm %u%s%s\n", i, code[i].op, code[i].a, code[i].b, code[i].imm,
                code[i].op == OP_CALL ? " ; " : "", code[i].op == OP_CALL ? NATIVES[code[i].a].name : "");
}

/* ---------------- virtual machine ---------------- */

static void vm_fault(VM *vm, const char *msg, uint32_t pc) { vm->faults++, diag("vm", msg, pc); }

static void vm_print(VM *vm, uint64_t v, int is_string) {
    vm->printed++;
    mix(v ^ (uint64_t)is_string);
    if (g_verbose > 1) printf(is_string ? "<string %016llx>\n" : "%llu\n", (unsigned long long)v);
}

/* binary operators, shared by the VM and the constant folder; x/0 and x%0 set *fault */
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
        if (pc >= n) {
            vm_fault(vm, "pc out of range", pc);
            goto out;
        }
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
            if (fault) {
                vm_fault(vm, "arithmetic fault", pc - 1);
                fault = 0;
            }
            break;
        case OP_NEG: NEED(1); sp[-1] = 0 - sp[-1]; break;
        case OP_NOT: NEED(1); sp[-1] = !sp[-1]; break;
        case OP_INV: NEED(1); sp[-1] = ~sp[-1]; break;
        case OP_POP: NEED(1); sp--; break;
        case OP_JMP: pc = in->imm; break;
        case OP_JZ: NEED(1); if (*--sp == 0) pc = in->imm; break;
        case OP_LOOP:
            if (--vm->vars[in->a] != 0) pc = in->imm;
            if (steps > budget) {
                vm_fault(vm, "step budget exhausted", pc);
                goto out;
            }
            break;
        case OP_CALL:
            NEED(in->b);
            sp -= in->b;
            sp[0] = NATIVES[in->a].fn(vm, sp);
            sp++;
            break;
        case OP_PRINT: NEED(1); vm_print(vm, *--sp, in->a); break;
        case OP_ASSERT: NEED(1); if (*--sp == 0) vm_fault(vm, "assertion failed", pc - 1); break;
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

enum { T_EOF, T_IDENT, T_KW, T_INT, T_STR, T_OP, T_COMMENT, T_ERR, T_COUNT };
enum { KW_LET = 1, KW_IF, KW_ELSE, KW_LOOP, KW_PRINT, KW_ASSERT };
enum {
    P_PLUS, P_MINUS, P_STAR, P_SLASH, P_PCT, P_AMP, P_BAR, P_CARET, P_TILDE, P_BANG, P_LT, P_LE, P_GT,
    P_GE, P_EQEQ, P_NE, P_SHL, P_SHR, P_ASSIGN, P_LPAREN, P_RPAREN, P_LBRACE, P_RBRACE, P_SEMI, P_COMMA, P_COUNT
};
enum { C_OTHER, C_SPACE, C_NL, C_ALPHA, C_DIGIT, C_QUOTE, C_SLASH, C_OP };

typedef struct { int kind, sub, line; const char *s; uint32_t len; uint64_t num; } Token;
typedef struct { const char *p, *end; int line; Token tok; } Lexer;

static unsigned char g_cls[256], g_opsub[256]; /* character class, operator kind */
static const char OP_CHARS[] = "+-*/%&|^~!<>=(){};,";
static const unsigned char OPCHAR_SUB[] = {P_PLUS,   P_MINUS,  P_STAR,   P_SLASH,  P_PCT,    P_AMP,   P_BAR,
                                           P_CARET,  P_TILDE,  P_BANG,   P_LT,     P_GT,     P_ASSIGN, P_LPAREN,
                                           P_RPAREN, P_LBRACE, P_RBRACE, P_SEMI,   P_COMMA};

static void lex_init_classes(void) {
    int c;
    for (c = 0; c < 256; c++) g_cls[c] = C_OTHER;
    g_cls[' '] = g_cls['\t'] = g_cls['\r'] = C_SPACE;
    g_cls['\n'] = C_NL;
    for (c = 'a'; c <= 'z'; c++) g_cls[c] = g_cls[c - 'a' + 'A'] = C_ALPHA;
    g_cls['_'] = C_ALPHA;
    for (c = '0'; c <= '9'; c++) g_cls[c] = C_DIGIT;
    g_cls['"'] = C_QUOTE;
    for (c = 0; OP_CHARS[c]; c++) {
        g_cls[(unsigned char)OP_CHARS[c]] = C_OP;
        g_opsub[(unsigned char)OP_CHARS[c]] = OPCHAR_SUB[c];
    }
    g_cls['/'] = C_SLASH;
}

static void lex_init(Lexer *lx, const char *text, size_t n) {
    memset(lx, 0, sizeof *lx);
    lx->p = text;
    lx->end = text + n;
    lx->line = 1;
}

/* finishes the current token: it ends at p */
static void tok_end(Lexer *lx, int kind, const char *p) {
    lx->tok.kind = kind;
    lx->tok.len = (uint32_t)(p - lx->tok.s);
    lx->p = p;
}

static void lex_warn(Lexer *lx, const char *msg) { diag("lexer", msg, (uint64_t)lx->line); }

static int keyword_id(const char *s, uint32_t n) {
    switch (s[0]) {
    case 'a': return n == 6 && memcmp(s, "assert", 6) == 0 ? KW_ASSERT : 0;
    case 'e': return n == 4 && memcmp(s, "else", 4) == 0 ? KW_ELSE : 0;
    case 'i': return n == 2 && s[1] == 'f' ? KW_IF : 0;
    case 'l': return n == 3 && memcmp(s, "let", 3) == 0 ? KW_LET : n == 4 && memcmp(s, "loop", 4) == 0 ? KW_LOOP : 0;
    case 'p': return n == 5 && memcmp(s, "print", 5) == 0 ? KW_PRINT : 0;
    default: return 0;
    }
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
            if (*p == '_') continue; /* digit separator */
            if (v > (UINT64_MAX - (unsigned)d) / 10) {
                lex_warn(lx, "integer overflow");
                v = UINT64_MAX;
            } else {
                v = v * 10 + (unsigned)d;
            }
        }
    }
    if (p < lx->end && g_cls[(unsigned char)*p] == C_ALPHA) lex_warn(lx, "bad suffix on number");
    lx->tok.num = v;
    tok_end(lx, T_INT, p);
}

static void lex_string(Lexer *lx) {
    const char *p = lx->p + 1;
    uint32_t h = 0x811C9DC5u;
    while (p < lx->end && *p != '"' && *p != '\n') {
        if (*p == '\\' && (p + 1 >= lx->end || !strchr("nt\\\"", p[1]))) lex_warn(lx, "bad escape");
        if (*p == '\\' && p + 1 < lx->end) p++; /* the escaped character is hashed as is */
        h = (h ^ (unsigned char)*p++) * 0x01000193u;
    }
    if (p < lx->end && *p == '"') p++;
    else lex_warn(lx, "unterminated string");
    lx->tok.num = h;
    tok_end(lx, T_STR, p);
}

static void lex_operator(Lexer *lx) {
    const char *p = lx->p;
    int c2 = p + 1 < lx->end ? p[1] : 0, sub = g_opsub[(unsigned char)p[0]], len = 1;
    if (c2 == '=' && (sub == P_BANG || sub == P_ASSIGN || sub == P_LT || sub == P_GT)) {
        sub = sub == P_BANG ? P_NE : sub == P_ASSIGN ? P_EQEQ : sub == P_LT ? P_LE : P_GE;
        len = 2;
    } else if ((sub == P_LT && c2 == '<') || (sub == P_GT && c2 == '>')) {
        sub = sub == P_LT ? P_SHL : P_SHR;
        len = 2;
    }
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
    if (p >= lx->end) {
        tok_end(lx, T_EOF, p);
        return;
    }
    switch (g_cls[(unsigned char)*p]) {
    case C_ALPHA: lex_ident(lx); break;
    case C_DIGIT: lex_number(lx); break;
    case C_QUOTE: lex_string(lx); break;
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
typedef struct { Table local; uint64_t kinds[T_COUNT], numsum, strhash, opmix; } TextStats;

static void stats_on_token(void *ctx, const Token *t) {
    TextStats *st = ctx;
    st->kinds[t->kind]++;
    switch (t->kind) {
    case T_IDENT: tab_intern(&st->local, t->s, t->len)->val++; break;
    case T_INT: st->numsum += t->num; break;
    case T_OP: st->opmix = st->opmix * 31 + (uint64_t)t->sub; break;
    case T_STR: st->strhash ^= t->num; break;
    case T_KW: st->opmix += (uint64_t)t->sub << 8; break;
    default: break;
    }
}

static void print_on_token(void *ctx, const Token *t) {
    static const char *const names[T_COUNT] = {"eof", "ident", "keyword", "int", "string", "op", "comment", "error"};
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

/* ---------------- parser / compiler ---------------- */

/* binary operator precedence (0 = not a binary operator) and opcode */
static const struct { uint8_t prec, op; } BINOPS[P_COUNT] = {
    [P_BAR] = {1, OP_OR},    [P_CARET] = {2, OP_XOR}, [P_AMP] = {3, OP_AND},   [P_EQEQ] = {4, OP_EQ},
    [P_NE] = {4, OP_NE},     [P_LT] = {5, OP_LT},     [P_LE] = {5, OP_LE},     [P_GT] = {5, OP_GT},
    [P_GE] = {5, OP_GE},     [P_SHL] = {6, OP_SHL},   [P_SHR] = {6, OP_SHR},   [P_PLUS] = {7, OP_ADD},
    [P_MINUS] = {7, OP_SUB}, [P_STAR] = {8, OP_MUL},  [P_SLASH] = {8, OP_DIV}, [P_PCT] = {8, OP_MOD}};

typedef struct {
    Lexer lx;
    Insn *code;
    uint32_t n, cap;
    Table names; /* variable name -> slot + 1 */
    int nvars, errors, depth;
} Parser;

static void parse_expr(Parser *ps);
static void parse_stmt(Parser *ps);

static uint32_t emit(Parser *ps, int op, int a, int b, uint32_t imm) {
    Insn *in;
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 256;
        ps->code = xrealloc(ps->code, ps->cap * sizeof(Insn));
    }
    in = &ps->code[ps->n];
    in->op = (uint8_t)op;
    in->a = (uint8_t)a;
    in->b = (uint16_t)b;
    in->imm = imm;
    return ps->n++;
}

static void advance(Parser *ps) {
    do lex_next(&ps->lx);
    while (ps->lx.tok.kind == T_COMMENT);
}

static int at_op(const Parser *ps, int sub) { return ps->lx.tok.kind == T_OP && ps->lx.tok.sub == sub; }

static void parse_error(Parser *ps, const char *msg) {
    ps->errors++;
    diag("parser", msg, (uint64_t)ps->lx.tok.line);
}

/* error recovery: skip to just after the next ';' or up to a '}' */
static void parse_sync(Parser *ps) {
    while (ps->lx.tok.kind != T_EOF && !at_op(ps, P_RBRACE)) {
        int semi = at_op(ps, P_SEMI);
        advance(ps);
        if (semi) return;
    }
}

static int accept(Parser *ps, int sub) {
    if (!at_op(ps, sub)) return 0;
    advance(ps);
    return 1;
}

static int expect(Parser *ps, int sub, const char *msg) {
    if (accept(ps, sub)) return 1;
    parse_error(ps, msg);
    return 0;
}

/* variable slot for a name; hidden loop counters (s == NULL) get a fresh one */
static int var_slot(Parser *ps, const char *s, uint32_t n) {
    Slot *sl = s ? tab_intern(&ps->names, s, n) : NULL;
    if (sl && sl->val) return (int)sl->val - 1;
    if (ps->nvars >= MAX_VARS) {
        parse_error(ps, "too many variables");
        return 0;
    }
    if (sl) sl->val = (uint64_t)ps->nvars + 1;
    return ps->nvars++;
}

static void parse_call(Parser *ps, const Token *name) {
    int idx = native_find(name->s, name->len), argc = 0;
    if (!accept(ps, P_RPAREN)) {
        do {
            parse_expr(ps);
            argc++;
        } while (accept(ps, P_COMMA));
        expect(ps, P_RPAREN, "expected ')' after arguments");
    }
    if (idx >= 0 && NATIVES[idx].arity == argc) {
        emit(ps, OP_CALL, idx, argc, 0);
        return;
    }
    parse_error(ps, idx < 0 ? "unknown function" : "wrong argument count");
    while (argc-- > 0) emit(ps, OP_POP, 0, 0, 0);
    emit(ps, OP_PUSH, 0, 0, 0);
}

static void parse_unary(Parser *ps) {
    Token t = ps->lx.tok;
    if (++ps->depth > 64) {
        parse_error(ps, "expression nested too deeply");
        t.kind = T_ERR;
    }
    if (t.kind == T_INT) {
        if (t.num > 0xFFFFFFFFu) diag("parser", "constant truncated", (uint64_t)t.line);
        emit(ps, OP_PUSH, 0, 0, (uint32_t)t.num);
        advance(ps);
    } else if (t.kind == T_IDENT) {
        advance(ps);
        if (accept(ps, P_LPAREN)) parse_call(ps, &t);
        else emit(ps, OP_LOAD, var_slot(ps, t.s, t.len), 0, 0);
    } else if (t.kind == T_OP && t.sub == P_LPAREN) {
        advance(ps);
        parse_expr(ps);
        expect(ps, P_RPAREN, "expected ')'");
    } else if (t.kind == T_OP && (t.sub == P_MINUS || t.sub == P_TILDE || t.sub == P_BANG)) {
        advance(ps);
        parse_unary(ps);
        emit(ps, t.sub == P_MINUS ? OP_NEG : t.sub == P_TILDE ? OP_INV : OP_NOT, 0, 0, 0);
    } else {
        parse_error(ps, "expected expression");
        if (ps->lx.tok.kind != T_EOF) advance(ps);
        emit(ps, OP_PUSH, 0, 0, 0);
    }
    ps->depth--;
}

/* emits a binary op, folding "push a; push b; op" when the result fits */
static void fold_or_emit(Parser *ps, int op) {
    Insn *in = ps->code + ps->n;
    int fault = 0;
    uint64_t v;
    if (ps->n >= 2 && in[-1].op == OP_PUSH && in[-2].op == OP_PUSH) {
        v = arith(op, in[-2].imm, in[-1].imm, &fault);
        if (!fault && v <= 0xFFFFFFFFu) {
            in[-2].imm = (uint32_t)v;
            ps->n--;
            return;
        }
    }
    emit(ps, op, 0, 0, 0);
}

/* precedence climbing */
static void parse_binary(Parser *ps, int min_prec) {
    parse_unary(ps);
    while (ps->lx.tok.kind == T_OP) {
        int prec = BINOPS[ps->lx.tok.sub].prec, op = BINOPS[ps->lx.tok.sub].op;
        if (prec == 0 || prec < min_prec) return;
        advance(ps);
        parse_binary(ps, prec + 1);
        fold_or_emit(ps, op);
    }
}

static void parse_expr(Parser *ps) { parse_binary(ps, 1); }

static void parse_block(Parser *ps) {
    if (!expect(ps, P_LBRACE, "expected '{'")) return;
    while (ps->lx.tok.kind != T_EOF && !at_op(ps, P_RBRACE)) parse_stmt(ps);
    expect(ps, P_RBRACE, "expected '}'");
}

/* if E { A } else { B }  =>  E; jz L1; A; jmp L2; L1: B; L2: */
static void parse_if(Parser *ps) {
    uint32_t jz, jmp;
    parse_expr(ps);
    jz = emit(ps, OP_JZ, 0, 0, 0);
    parse_block(ps);
    if (ps->lx.tok.kind == T_KW && ps->lx.tok.sub == KW_ELSE) {
        advance(ps);
        jmp = emit(ps, OP_JMP, 0, 0, 0);
        ps->code[jz].imm = ps->n;
        parse_block(ps);
        jz = jmp;
    }
    ps->code[jz].imm = ps->n;
}

/* loop N { B }  =>  N; store h; load h; jz L2; L1: B; loop h, L1; L2: */
static void parse_loop(Parser *ps) {
    int h = var_slot(ps, NULL, 0);
    uint32_t jz, top;
    parse_expr(ps);
    emit(ps, OP_STORE, h, 0, 0);
    emit(ps, OP_LOAD, h, 0, 0);
    jz = emit(ps, OP_JZ, 0, 0, 0);
    top = ps->n;
    parse_block(ps);
    emit(ps, OP_LOOP, h, 0, top);
    ps->code[jz].imm = ps->n;
}

static void parse_stmt(Parser *ps) {
    Token t = ps->lx.tok;
    int kw = t.kind == T_KW ? t.sub : 0;
    advance(ps);
    if (kw == KW_IF || kw == KW_LOOP) {
        (kw == KW_IF ? parse_if : parse_loop)(ps);
        return;
    }
    if (kw == KW_PRINT && ps->lx.tok.kind == T_STR) {
        emit(ps, OP_PUSH, 0, 0, (uint32_t)ps->lx.tok.num);
        emit(ps, OP_PRINT, 1, 0, 0);
        advance(ps);
    } else if (kw == KW_PRINT || kw == KW_ASSERT) {
        parse_expr(ps);
        emit(ps, kw == KW_PRINT ? OP_PRINT : OP_ASSERT, 0, 0, 0);
    } else if (t.kind == T_IDENT && accept(ps, P_LPAREN)) {
        parse_call(ps, &t);
        emit(ps, OP_POP, 0, 0, 0);
    } else if (t.kind == T_IDENT || (kw == KW_LET && ps->lx.tok.kind == T_IDENT)) {
        if (kw == KW_LET) {
            t = ps->lx.tok;
            advance(ps);
        }
        if (!expect(ps, P_ASSIGN, "expected '='")) {
            parse_sync(ps);
            return;
        }
        parse_expr(ps);
        emit(ps, OP_STORE, var_slot(ps, t.s, t.len), 0, 0);
    } else {
        parse_error(ps, "expected statement");
        parse_sync(ps);
        return;
    }
    if (!expect(ps, P_SEMI, "expected ';'")) parse_sync(ps);
}

/* compiles text into ps->code; returns the number of errors */
static int compile(Parser *ps, const char *text, size_t n) {
    memset(ps, 0, sizeof *ps);
    tab_init(&ps->names, 32);
    lex_init(&ps->lx, text, n);
    advance(ps);
    while (ps->lx.tok.kind != T_EOF) parse_stmt(ps);
    emit(ps, OP_HALT, 0, 0, 0);
    return ps->errors;
}

static void parser_free(Parser *ps) {
    free(ps->code);
    tab_free(&ps->names);
}

/* ---------------- source generator ---------------- */

enum { ST_ASSIGN, ST_CALL, ST_IF, ST_LOOP, ST_PRINT, ST_ASSERT, ST_COMMENT, ST_COUNT };
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

typedef struct { Buf *out; Rng *rng; const Shape *sh; uint32_t nvars; int bulk, indent; } Gen;

static const char SYL[] = "karomitesuloanvediqunepozahielor"; /* 16 two-letter syllables */

/* deterministic identifier for vocabulary entry idx, e.g. "mika" */
static void ident_for(Buf *b, uint32_t idx) {
    buf_putn(b, SYL + 2 * (idx & 15), 2);
    do {
        idx >>= 4;
        buf_putn(b, SYL + 2 * (idx & 15), 2);
    } while (idx > 15);
}

static void gen_var(Gen *g) {
    ident_for(g->out, g->bulk ? rng_skewed(g->rng, g->sh->vocab) : rng_below(g->rng, g->nvars));
}

static void gen_int(Gen *g) {
    uint32_t r = rng_below(g->rng, 100);
    if (r >= 96 && r < 99) buf_puts(g->out, "0x");
    buf_putu(g->out, r < 75 ? rng_below(g->rng, 100) : rng_below(g->rng, 1000000), r >= 96 && r < 99 ? 16 : 10);
    if (r == 99) buf_puts(g->out, "_000");
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
    if (((kind == ST_IF || kind == ST_LOOP) && depth >= 2) || (kind == ST_COMMENT && !g->bulk)) kind = ST_ASSIGN;
    for (i = 0; i < g->indent; i++) buf_puts(g->out, "  ");
    switch (kind) {
    case ST_ASSIGN:
        gen_var(g);
        buf_puts(g->out, " = ");
        gen_expr(g, 3);
        break;
    case ST_CALL: gen_call(g, 2); break;
    case ST_IF:
        buf_puts(g->out, "if ");
        gen_expr(g, 2);
        gen_block(g, 1 + (int)rng_below(g->rng, 3), depth + 1);
        if (rng_below(g->rng, 2)) {
            buf_puts(g->out, " else");
            gen_block(g, 1 + (int)rng_below(g->rng, 2), depth + 1);
        }
        buf_putc(g->out, '\n');
        return;
    case ST_LOOP:
        buf_puts(g->out, "loop ");
        buf_putu(g->out, 2 + rng_below(g->rng, 6), 10);
        gen_block(g, 1 + (int)rng_below(g->rng, 3), depth + 1);
        buf_putc(g->out, '\n');
        return;
    case ST_PRINT:
        buf_puts(g->out, "print ");
        if (rng_below(g->rng, 2)) {
            buf_puts(g->out, "\"value of ");
            gen_var(g);
            buf_puts(g->out, rng_below(g->rng, 8) ? "\\n\"" : "\\t\\q\"");
        } else {
            gen_expr(g, 1);
        }
        break;
    case ST_ASSERT: /* always true */
        buf_puts(g->out, "assert (");
        gen_expr(g, 1);
        buf_puts(g->out, ") | 1");
        break;
    default:
        buf_puts(g->out, "// note: ");
        gen_var(g);
        buf_putc(g->out, '\n');
        return;
    }
    buf_puts(g->out, ";\n");
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

/* a runnable program: variable declarations, then one hot loop */
static void gen_program(Gen *g) {
    uint32_t i;
    g->nvars = 4 + rng_below(g->rng, 6);
    for (i = 0; i < g->nvars; i++) {
        buf_puts(g->out, "let ");
        ident_for(g->out, i);
        buf_puts(g->out, " = ");
        buf_putu(g->out, rng_next(g->rng) & 0xFFFF, 10);
        buf_puts(g->out, ";\n");
    }
    buf_puts(g->out, "loop ");
    buf_putu(g->out, g->sh->loop_min + rng_below(g->rng, g->sh->loop_span), 10);
    gen_block(g, 4 + (int)rng_below(g->rng, 5), 0);
    buf_putc(g->out, '\n');
}

/* ---------------- workload phases ---------------- */

static const Shape SHAPE_TRAIN = {
    {80, 5, 4, 3, 1, 1, 6},                               /* assign call if loop print assert comment */
    {30, 12, 14, 1, 4, 8, 5, 12, 4, 5, 3, 1, 2, 1, 2, 1}, /* + - * / % & | ^ << >> < <= > >= == != */
    {82, 5, 3, 3, 3, 4},                                  /* mix rot min max bits look */
    16, 55, 4, 35,                                        /* % call, var, unary, parenthesized */
    4096, 8192, 60, 120,                                  /* vocabulary, text bytes, loop count */
    3000, 2000, 60, 10,                                   /* dict keys, ops, % insert, % delete */
    0x7261696Eull};

static const Shape SHAPE_BENCH = {
    {78, 6, 5, 4, 1, 1, 6},
    {26, 13, 16, 1, 5, 8, 6, 13, 4, 4, 3, 1, 2, 1, 2, 1},
    {77, 6, 4, 4, 4, 5},
    18, 58, 5, 40,
    5000, 8192, 70, 120,
    3500, 2000, 55, 12,
    0x62656E63ull};

typedef struct { uint64_t count; const char *name; uint32_t len, hash; } Rank;

/* most frequent first, then by name */
static int rank_by_count(const void *a, const void *b) {
    const Rank *x = a, *y = b;
    uint32_t i, n = x->len < y->len ? x->len : y->len;
    if (x->count != y->count) return x->count > y->count ? -1 : 1;
    for (i = 0; i < n; i++)
        if (x->name[i] != y->name[i]) return (unsigned char)x->name[i] < (unsigned char)y->name[i] ? -1 : 1;
    return x->len < y->len ? -1 : x->len > y->len;
}

static int rank_by_name(const void *a, const void *b) {
    int c = strcmp(((const Rank *)a)->name, ((const Rank *)b)->name);
    return c ? c : rank_by_count(a, b);
}

/* generates ~8 KB of source, collects token statistics, merges the chunk's
 * identifier counts into the symbol table and ranks them */
static void phase_text(Rng *r, const Shape *sh, Table *sym, Buf *text) {
    Gen g = {text, r, sh, 0, 1, 0};
    TextStats st;
    TokenFn sink = g_verbose > 2 ? print_on_token : stats_on_token;
    CmpFn order = g_verbose > 1 ? rank_by_name : rank_by_count;
    Rank *rank;
    uint32_t i, n = 0;
    text->len = 0;
    while (text->len < sh->text_bytes) gen_stmt(&g, 0);
    memset(&st, 0, sizeof st);
    tab_init(&st.local, 512);
    g_ops += lex_all(text->p, text->len, sink, &st);
    mix(st.numsum);
    mix(st.strhash ^ st.opmix);
    for (i = 0; i < T_COUNT; i++) mix(st.kinds[i]);
    rank = xrealloc(NULL, (st.local.live + 1) * sizeof *rank);
    for (i = 0; i < st.local.cap; i++) {
        Slot *s = &st.local.slot[i];
        if (s->koff >= SLOT_TOMB) continue;
        tab_intern(sym, tab_key(&st.local, s), s->len)->val += s->val;
        rank[n].count = s->val;
        rank[n].name = tab_key(&st.local, s);
        rank[n].len = s->len;
        rank[n++].hash = s->hash;
    }
    msort(rank, n, sizeof *rank, order);
    for (i = 0; i < n && i < 8; i++) mix(rank[i].hash ^ rank[i].count << 32);
    free(rank);
    tab_free(&st.local);
}

/* generates, compiles and runs one program */
static void phase_program(Rng *r, const Shape *sh, VM *vm, Buf *text) {
    Gen g = {text, r, sh, 0, 0, 0};
    Parser ps;
    uint64_t before = vm->steps;
    int i;
    text->len = 0;
    gen_program(&g);
    if (compile(&ps, text->p, text->len) != 0) {
        diag("compile", "program has errors; not run", (uint64_t)ps.errors);
    } else {
        if (g_verbose > 3) disassemble(ps.code, ps.n, stderr);
        memset(vm->vars, 0, sizeof vm->vars);
        if (vm_run(vm, ps.code, ps.n, 100000000u) != 0) diag("vm", "program aborted", vm->steps - before);
        for (i = 0; i < ps.nvars; i++) mix(vm->vars[i]);
        g_ops += vm->steps - before;
    }
    parser_free(&ps);
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
        phase_program(&r, sh, vm, &text);
        phase_dict(&r, sh, &dict);
    }
    mix(tab_digest(&sym));
    mix(tab_digest(&dict));
    mix(vm->faults ^ vm->printed << 20);
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

/* start-up sanity check of the compiler and the VM on a known program */
static void self_test(void) {
    static const char src[] = "let a = 6; let b = 7; // comment\n"
                              "loop 3 { a = a * b + (2 * 3 - 5); if a % 2 == 0 { b = b ^ 0x10; } }\n"
                              "assert a == 6947 & b == 23; a = min(mix(a), rot(b, 1)) | 1 << 40;\n";
    Parser ps;
    VM vm;
    memset(&vm, 0, sizeof vm);
    if (compile(&ps, src, sizeof src - 1) != 0 || vm_run(&vm, ps.code, ps.n, 1000) != 0 || vm.faults != 0 ||
        vm.vars[0] != (1ull << 40 | 46))
        die("self-test failed");
    parser_free(&ps);
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
    if ((size = parse_count(argv[2], 1000000)) < 1) return usage(argv[0], "SIZE must be an integer in 1..1000000");
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
