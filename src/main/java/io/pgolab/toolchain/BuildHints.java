package io.pgolab.toolchain;


import io.pgolab.config.Variant;
import java.nio.file.Path;

/**
 * Hints for a failed C or C++ build (clang, gcc), naming only the config keys those toolchains take; go
 * and cargo have theirs beside them (GoHints, CargoHints). The generic causes (full disk, stale or missing
 * profile) are decided before these.
 */
public final class BuildHints {
    private BuildHints() {
    }

    /** clang and gcc: the user's build.command with {cc}/{cflags}/{ldflags}; compiler names the LLVM or GCC specifics. */
    public static String c(String output, Variant v, Path configFile, String compiler, int major) {
        if (v.bolt() && (output.contains("final link failed") || output.contains("--strip-all and --emit-relocs"))) {
            return "BOLT variants are linked with -Wl,--emit-relocs, which the linker cannot combine with -s"
                    + " (strip): remove -s from the link flags; BOLT needs the symbol table anyway";
        }
        if (output.contains("__llvm_profile_") && output.contains("undefined reference")) {
            return "the profile runtime is not linked: {ldflags} must reach the link command of build.command in "
                    + configFile + " (it carries -fprofile-generate), and libclang_rt.profile must be installed"
                    + " (apt-get install -y libclang-rt-" + major + "-dev)";
        }
        if (output.contains("__gcov_") && output.contains("undefined reference")) {
            return "the gcov runtime is not linked: {ldflags} must reach the link command of build.command in " + configFile
                    + " (it carries -fprofile-generate)";
        }
        if (v.lto() && (output.contains("plugin needed to handle lto object") || output.contains("file format not recognized")
                || output.contains("archive has no index"))) {
            return "an archive of LTO objects was made with a plain ar: use {ar} and {ranlib} (" + compiler + "'s own,"
                    + " also set as AR and RANLIB) in build.command in " + configFile;
        }
        if (compiler.startsWith("clang") && output.contains("collect2")) {
            // jq 1.6 configured earlier with gcc: libtool links with the gcc it recorded, which cannot take lld's flags
            return "a link ran through GCC's driver (collect2) although the toolchain is " + compiler + ": the tree was"
                    + " configured for gcc (libtool and configure record the compiler); run configure inside build.command"
                    + " with pgolab's compiler, e.g. command = \"./configure CC='{cc}' CXX='{cxx}' && make CFLAGS='-O2 {cflags}'"
                    + " LDFLAGS='{ldflags}'\" in " + configFile + ", or set [toolchain] kind = \"gcc\"";
        }
        return "the command and its output are above; fix the build, or build.command, build.cflags/cxxflags/ldflags or"
                + " build.env in " + configFile + " ({cc}, {cflags} and {ldflags} must reach every compile and link)";
    }
}
