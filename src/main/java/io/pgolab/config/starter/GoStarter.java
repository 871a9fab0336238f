package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The starter pgolab.toml for a Go module (a directory with go.mod). */
final class GoStarter {
    private static final Pattern MODULE = Pattern.compile("(?m)^module\\s+\"?([^\\s\"]+)");
    private static final Pattern PACKAGE_MAIN = Pattern.compile("(?m)^package\\s+main\\s*$");

    private GoStarter() {
    }

    static boolean isGoModule(Path dir) {
        return Files.isRegularFile(dir.resolve("go.mod"));
    }

    static String render(Path dir) {
        String module = module(dir).orElse("");
        Optional<String> pkg = mainPackage(dir);
        String name = dir.getFileName() == null ? "project" : dir.getFileName().toString();
        StringBuilder s = new StringBuilder();
        s.append("# pgolab.toml: written by 'pgolab init' (found go.mod").append(module.isEmpty() ? "" : ", module " + TomlText.comment(module))
                .append(").\n");
        s.append("# Every key is documented in docs/config.md. Check the lines marked CHANGE_ME.\n\n");
        s.append("[project]\nname = ").append(TomlText.quote(name)).append("\n");
        s.append("root = \".\"                      # the module, relative to this file\n");
        s.append("variants = [\"release\", \"pgo\"]   # Go builds these two (no LTO, no BOLT)\n\n");
        s.append("[toolchain]\nkind = \"go\"\n");
        s.append("# go = \"/usr/local/go/bin/go\"    # default: go on PATH (Go 1.21 or newer)\n");
        s.append("# The flag that makes your program write a CPU profile; pgolab adds it after {binary} in every\n");
        s.append("# [[train]] command. Your program needs one (runtime/pprof StartCPUProfile/StopCPUProfile).\n");
        s.append("profile_flag = \"-cpuprofile={profile}\"\n\n");
        s.append("[build]\n");
        s.append("package = ").append(TomlText.quote(pkg.orElse("."))).append(pkg.isPresent() ? "" : "   # CHANGE_ME: the main package")
                .append("\n");
        s.append("goflags = \"\"                     # your go build flags, kept in every variant (GOFLAGS too)\n");
        s.append("ldflags = \"\"\n");
        s.append("timeout = \"30m\"\n\n");
        s.append("# Training: representative runs. Each must return from main, so the deferred\n");
        s.append("# pprof.StopCPUProfile writes the profile. {binary} is the binary being trained.\n");
        s.append("[[train]]\nname = \"typical\"\ncommand = \"{binary} --help\"   # CHANGE_ME: a realistic workload\n");
        s.append("timeout = \"10m\"\n\n");
        s.append("# Benchmarks: held-out workloads (not the training ones) to compare variants on.\n");
        s.append("[[bench]]\nname = \"main\"\ncommand = \"{binary} --help\"   # CHANGE_ME\n");
        return s.toString();
    }

    static Optional<String> module(Path dir) {
        try {
            Matcher m = MODULE.matcher(TextHead.of(dir.resolve("go.mod"), TextHead.PROJECT_FILE));
            return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** "." when the top directory is package main, else the first ./cmd/NAME that is. */
    static Optional<String> mainPackage(Path dir) {
        if (isMain(dir)) {
            return Optional.of(".");
        }
        Path cmd = dir.resolve("cmd");
        if (Files.isDirectory(cmd)) {
            try (Stream<Path> s = Files.list(cmd)) {
                List<Path> dirs = s.filter(Files::isDirectory).sorted().toList();
                for (Path d : dirs) {
                    if (isMain(d)) {
                        return Optional.of("./cmd/" + d.getFileName());
                    }
                }
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static boolean isMain(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".go") && !p.toString().endsWith("_test.go")).toList()) {
                if (PACKAGE_MAIN.matcher(TextHead.of(f, TextHead.PROJECT_FILE)).find()) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }
}
