package io.pgolab.toolchain;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a toolchain contributes to one build: compiler paths and complete flag strings (the user's
 * flags first, pgolab's appended) for the command template, plus environment variables. A toolchain
 * that drives its own build tool (cargo) contributes environment and placeholders only
 * ({@link #envOnly}): no CC/CFLAGS, which the cc crate would pick up, and its env is applied after
 * build.env because it was computed from it.
 */
public record BuildEnv(String cc, String cxx, String ar, String ranlib,
                       String cflags, String cxxflags, String ldflags, Map<String, String> env,
                       Map<String, String> extraPlaceholders, boolean compilerVars) {

    public BuildEnv(String cc, String cxx, String ar, String ranlib,
                    String cflags, String cxxflags, String ldflags, Map<String, String> env) {
        this(cc, cxx, ar, ranlib, cflags, cxxflags, ldflags, env, Map.of(), true);
    }

    public static BuildEnv envOnly(Map<String, String> placeholders, Map<String, String> env) {
        return new BuildEnv("", "", "", "", "", "", "", env, placeholders, false);
    }

    /** Placeholder values for the build command template. */
    public Map<String, String> placeholders() {
        Map<String, String> m = new LinkedHashMap<>(extraPlaceholders);
        if (!compilerVars) {
            return m;
        }
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
        if (!compilerVars) {
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
        return new BuildEnv(cc, cxx, ar, ranlib, cflags, cxxflags, join(ldflags, extra), env, extraPlaceholders, compilerVars);
    }

    static String join(String user, String ours) {
        String u = user.trim();
        String o = ours.trim();
        if (u.isEmpty()) {
            return o;
        }
        return o.isEmpty() ? u : u + " " + o;
    }
}
