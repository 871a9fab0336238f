package io.pgolab.toolchain;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a toolchain contributes to one build: compiler paths and complete flag strings (the user's
 * flags first, pgolab's appended) for the command template, plus environment variables. Toolchains
 * that are not C compilers (go) use {@link #of}: their own placeholders and no CC/CFLAGS variables.
 */
public record BuildEnv(String cc, String cxx, String ar, String ranlib,
                       String cflags, String cxxflags, String ldflags, Map<String, String> env,
                       Map<String, String> own) {

    public BuildEnv(String cc, String cxx, String ar, String ranlib, String cflags, String cxxflags, String ldflags,
                    Map<String, String> env) {
        this(cc, cxx, ar, ranlib, cflags, cxxflags, ldflags, env, Map.of());
    }

    /** A build that is not a C compiler's: only these placeholders, and only this environment. */
    public static BuildEnv of(Map<String, String> placeholders, Map<String, String> env) {
        return new BuildEnv("", "", "", "", "", "", "", env, placeholders);
    }

    /** False for toolchains that drive their own build tool (go, cargo): no C placeholders or variables. */
    public boolean cCompiler() {
        return own.isEmpty();
    }

    /** Placeholder values for the build command template. */
    public Map<String, String> placeholders() {
        if (!cCompiler()) {
            return new LinkedHashMap<>(own);
        }
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cc", cc);
        m.put("cxx", cxx);
        m.put("ar", ar);
        m.put("ranlib", ranlib);
        m.put("cflags", cflags);
        m.put("cxxflags", cxxflags);
        m.put("ldflags", ldflags);
        return m;
    }

    /** The conventional variables too, so CMake and autotools builds pick them up. */
    public Map<String, String> conventionalEnv() {
        Map<String, String> m = new LinkedHashMap<>(env);
        if (!cCompiler()) {
            return m;
        }
        m.put("CC", cc);
        m.put("CXX", cxx);
        m.put("AR", ar);
        m.put("RANLIB", ranlib);
        m.put("CFLAGS", cflags);
        m.put("CXXFLAGS", cxxflags);
        m.put("LDFLAGS", ldflags);
        return m;
    }

    /** The same environment with extra link flags appended to {ldflags} and LDFLAGS. */
    public BuildEnv withLinkFlags(String extra) {
        return new BuildEnv(cc, cxx, ar, ranlib, cflags, cxxflags, join(ldflags, extra), env, own);
    }

    public static String join(String user, String ours) {
        String u = user.trim();
        String o = ours.trim();
        if (u.isEmpty()) {
            return o;
        }
        return o.isEmpty() ? u : u + " " + o;
    }
}
