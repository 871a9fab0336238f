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

/** The starter pgolab.toml for a Go module (a directory with go.mod). */
final class GoStarter {
    private static final Pattern MODULE = Pattern.compile("(?m)^module\\s+\"?([^\\s\"]+)");

    private GoStarter() {
    }

    static boolean isGoModule(Path dir) {
        return Files.isRegularFile(dir.resolve("go.mod"));
    }

    static String render(Path dir) {
        String module = module(dir).orElse("");
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
        build(s, dir, module, name);
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

    /** package (the choice, a guess marked), goflags with the Makefile's -tags, ldflags as its 'go build' line has them. */
    private static void build(StringBuilder s, Path dir, String module, String dirName) {
        List<String> mains = GoMains.find(dir);
        String path = module.replaceFirst("/v[0-9]+$", "");   // example.com/tool/v3 is the tool
        String moduleLast = path.substring(path.lastIndexOf('/') + 1);
        Optional<GoMains.Choice> c = GoMains.choose(mains, moduleLast, dirName);
        s.append("package = ").append(TomlText.quote(c.map(GoMains.Choice::pkg).orElse(".")));
        if (c.isEmpty()) {
            s.append("   # CHANGE_ME: the main package (no package main found)");
        } else if (c.get().guessed()) {
            s.append("   # guessed: ").append(TomlText.comment(c.get().pkg())).append(", others: ")
                    .append(TomlText.comment(String.join(", ", c.get().others())));
        } else if (!c.get().others().isEmpty()) {
            s.append("   # also main: ").append(TomlText.comment(String.join(", ", c.get().others())));
        }
        s.append("\n");
        GoMains.MakeFlags mk = GoMains.makeFlags(dir);
        String goflags = mk.tags().isEmpty() ? "" : "-tags=" + mk.tags().replaceAll("[\\s,]+", ",");
        s.append("goflags = ").append(TomlText.quote(goflags)).append(goflags.isEmpty() ? "                     " : "   ")
                .append("# your go build flags, kept in every variant (GOFLAGS too)").append(goflags.isEmpty() ? "" : "; from the Makefile")
                .append("\n");
        s.append("ldflags = ").append(TomlText.quote(mk.ldflags())).append(mk.ldflags().isEmpty() ? "" : "   # from the Makefile's go build")
                .append("\n");
        if (!mk.skipped().isEmpty()) {
            s.append("# Not copied from the Makefile's go build (made of make variables): ").append(TomlText.comment(mk.skipped()))
                    .append("\n# CHANGE_ME if the release needs them.\n");
        }
    }
}
