package io.pgolab.init;

import io.pgolab.config.BuildSpec;
import io.pgolab.config.Config;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's own default build, as a config: the same commands with every flag variable pgolab's starter passes
 * (CFLAGS='...', -DCMAKE_C_FLAGS='...', -Dc_args=...) taken out, no user flags, and CFLAGS, CXXFLAGS, CPPFLAGS and
 * LDFLAGS unset, so the Makefile's own 'CFLAGS ?= -O3', autoconf's '-g -O2' or CMake's build type decide. It runs
 * through pgolab's compiler wrapper like any build, so its compiles are recorded and its -O level can be compared
 * with release's.
 */
final class ReferenceBuild {
    private static final String WORD = "('[^']*'|\"[^\"]*\"|[^\\s;&|]*)";
    /** make/configure variables, CMake cache entries and Meson options that carry compile or link flags. */
    private static final Pattern FLAG_ASSIGNMENT = Pattern.compile("(?<![\\w-])(?:(?:CFLAGS|CXXFLAGS|CPPFLAGS|LDFLAGS)="
            + WORD + "|-DCMAKE_(?:C|CXX)_FLAGS(?:_[A-Z]+)?=" + WORD + "|-DCMAKE_(?:EXE|SHARED|MODULE)_LINKER_FLAGS="
            + WORD + "|-D(?:c|cpp)_(?:link_)?args=" + WORD + ")");
    static final String UNSET = "unset CFLAGS CXXFLAGS CPPFLAGS LDFLAGS; ";

    private ReferenceBuild() {
    }

    /** The command with its flag assignments taken out, and the flag variables unset before it. */
    static String plain(String command) {
        Matcher m = FLAG_ASSIGNMENT.matcher(command);
        String stripped = m.replaceAll("").replaceAll("[ \\t]{2,}", " ").strip();
        return UNSET + stripped;
    }

    /** The flag assignments command has, as written ("CFLAGS='-O2 {cflags}'"). */
    static List<String> assignments(String command) {
        return FLAG_ASSIGNMENT.matcher(command).results().map(r -> r.group().strip()).toList();
    }

    /** config with its build made the project's own: plain commands, no user flags, every audit finding allowed. */
    static Config of(Config config) {
        BuildSpec b = config.build();
        Map<String, String> env = new LinkedHashMap<>(b.env());
        List.of("CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS").forEach(env::remove);
        Optional<String> configure = b.configure().map(ReferenceBuild::plain);
        BuildSpec plain = new BuildSpec(plain(b.command()), b.clean(), b.artifact(), "", "", "", b.timeout(), env,
                b.goflags(), b.cargo(), BuildSpec.ALLOWABLE, configure, b.compilerCache(), b.artifacts());
        return new Config(config.file(), config.name(), config.root(), config.copySources(), config.exclude(),
                config.variants(), config.ladder(), config.toolchain(), plain, config.train(), config.bench(),
                config.bolt(), config.storedProfile(), config.gate());
    }
}
