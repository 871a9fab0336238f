package io.pgolab.toolchain;

import java.util.ArrayList;
import java.util.List;

/**
 * The flags a configure step gets: the variant's, without link-time optimization (-flto*), profile use
 * (-fprofile-use*, -fprofile-instr-use*) and instrumentation (-fprofile-generate*, -fprofile-instr-generate*,
 * -fcs-profile-generate, GCC's -ftest-coverage and the -fprofile-* options that go with them, clang's
 * -mllvm -pgo-* options). Configure checks that look into object files (CPython's float word order,
 * sizes found by grepping a compiled object) fail on LLVM bitcode, and a check that runs a program
 * must not need a profile. The -O level, -g, -march and the user's other flags stay.
 */
public final class ConfigureFlags {
    private ConfigureFlags() {
    }

    /** flags (one shell-quoted string, as {cflags}) without the LTO and profile options. */
    public static String safe(String flags) {
        List<String[]> words = words(flags);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i)[1];
            if (w.equals("-mllvm") && i + 1 < words.size() && words.get(i + 1)[1].startsWith("-pgo-")) {
                i++;
                continue;
            }
            if (!dropped(w)) {
                out.add(words.get(i)[0]);
            }
        }
        return String.join(" ", out);
    }

    /** Shell words as {as written, value}: quotes (a path with a space) are kept in the first, removed in the second. */
    static List<String[]> words(String s) {
        List<String[]> out = new ArrayList<>();
        StringBuilder raw = new StringBuilder();
        StringBuilder value = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (quote == 0 && Character.isWhitespace(ch)) {
                if (raw.length() > 0) {
                    out.add(new String[] {raw.toString(), value.toString()});
                    raw.setLength(0);
                    value.setLength(0);
                }
                continue;
            }
            raw.append(ch);
            if (quote == 0 && (ch == '\'' || ch == '"')) {
                quote = ch;
            } else if (ch == quote) {
                quote = 0;
            } else if (quote == 0 && ch == '\\' && i + 1 < s.length()) {
                raw.append(s.charAt(++i));
                value.append(s.charAt(i));
            } else {
                value.append(ch);
            }
        }
        if (raw.length() > 0) {
            out.add(new String[] {raw.toString(), value.toString()});
        }
        return out;
    }

    static boolean dropped(String w) {
        return w.startsWith("-flto") || w.startsWith("-fprofile-") || w.startsWith("-fcs-profile-")
                || w.equals("-ftest-coverage") || w.equals("-Wmissing-profile");
    }

    /** The build environment a configure step gets: the same compilers, the safe flags. */
    public static BuildEnv of(BuildEnv env) {
        if (!env.cCompiler()) {
            return env;
        }
        return new BuildEnv(env.cc(), env.cxx(), env.ar(), env.ranlib(), safe(env.cflags()), safe(env.cxxflags()),
                safe(env.ldflags()), env.env(), env.own());
    }
}
