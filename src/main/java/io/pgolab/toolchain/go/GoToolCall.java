package io.pgolab.toolchain.go;

import io.pgolab.toolchain.CompileRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One Go tool invocation recorded through 'go build -toolexec' (pgolab-exec): the record's first
 * argument is the tool's path (.../pkg/tool/linux_amd64/compile, link, asm, preprofile, ...). Go
 * runs each tool with -V=full first to key its build cache; those are queries. A link's record
 * names a copy of its -importcfg (every package linked) in the depfile field.
 */
public record GoToolCall(CompileRecord record) {

    public static List<GoToolCall> of(List<CompileRecord> records) {
        return records.stream().map(GoToolCall::new).toList();
    }

    /** "compile", "link", "asm", "preprofile", "cgo", "vet", ... */
    public String tool() {
        if (record.args().isEmpty()) {
            return "";
        }
        String t = Path.of(record.args().get(0)).getFileName().toString();
        return t.endsWith(".exe") ? t.substring(0, t.length() - 4) : t;
    }

    public boolean query() {
        return record.args().stream().anyMatch(a -> a.equals("-V") || a.startsWith("-V="));
    }

    public boolean compiles() {
        return tool().equals("compile") && !query();
    }

    public boolean links() {
        return tool().equals("link") && !query();
    }

    /** The package path (compile -p). */
    public String pkg() {
        return record.value("-p").orElse("?");
    }

    /** compile -pgoprofile=FILE (Go 1.21-1.22: the profile; 1.23 on: preprofile's output). */
    public Optional<String> pgoProfile() {
        return record.valueOf("-pgoprofile=").or(() -> record.value("-pgoprofile"));
    }

    /** preprofile -i FILE: the pprof profile Go turns into the compiler's form. */
    public Optional<String> preprofileInput() {
        return tool().equals("preprofile") ? record.value("-i") : Optional.empty();
    }

    /** compile -N turns optimization off (-gcflags=-N, a debugging build). */
    public boolean optimized() {
        return !record.has("-N");
    }

    /** The packages a link linked: the "packagefile" lines of the copied -importcfg (empty when unknown). */
    public List<String> linkedPackages() {
        if (!links() || record.depfile().isEmpty()) {
            return List.of();
        }
        try {
            return Files.readAllLines(record.depfile().get(), StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("packagefile "))
                    .map(l -> l.substring("packagefile ".length(), l.contains("=") ? l.indexOf('=') : l.length()))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
