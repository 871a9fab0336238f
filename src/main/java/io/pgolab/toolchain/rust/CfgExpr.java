package io.pgolab.toolchain.rust;

import java.util.Set;

/**
 * Evaluates a cargo target key such as cfg(all(unix, target_arch = "x86_64")) against the lines of
 * 'rustc --print cfg' (unix, target_arch="x86_64", ...). Grammar: cfg(P); P = name | name = "value"
 * | all(P, ...) | any(P, ...) | not(P).
 */
final class CfgExpr {
    private final String s;
    private final Set<String> cfgs;
    private int i;

    private CfgExpr(String s, Set<String> cfgs) {
        this.s = s;
        this.cfgs = cfgs;
    }

    static boolean matches(String key, Set<String> cfgs) {
        String k = key.strip();
        if (!k.startsWith("cfg(") || !k.endsWith(")")) {
            return false;
        }
        try {
            CfgExpr e = new CfgExpr(k.substring(4, k.length() - 1), cfgs);
            boolean v = e.pred();
            e.space();
            return v && e.i == e.s.length();
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException ex) {
            return false;
        }
    }

    private boolean pred() {
        String name = ident();
        space();
        if (name.equals("all") || name.equals("any") || name.equals("not")) {
            if (peek() == '(') {
                i++;
                boolean all = true;
                boolean any = false;
                int n = 0;
                space();
                while (peek() != ')') {
                    boolean v = pred();
                    n++;
                    all &= v;
                    any |= v;
                    space();
                    if (peek() == ',') {
                        i++;
                        space();
                    }
                }
                i++;
                return switch (name) {
                    case "all" -> all;
                    case "any" -> any;
                    default -> {
                        if (n != 1) {
                            throw new IllegalArgumentException("not() takes one predicate");
                        }
                        yield !all;
                    }
                };
            }
        }
        if (peek() == '=') {
            i++;
            space();
            if (peek() != '"') {
                throw new IllegalArgumentException("expected a string");
            }
            int end = s.indexOf('"', i + 1);
            String value = s.substring(i + 1, end);
            i = end + 1;
            return cfgs.contains(name + "=\"" + value + "\"");
        }
        return cfgs.contains(name);
    }

    private String ident() {
        int start = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
            i++;
        }
        if (start == i) {
            throw new IllegalArgumentException("expected a name at " + i);
        }
        return s.substring(start, i);
    }

    private char peek() {
        return i < s.length() ? s.charAt(i) : '\0';
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }
}
