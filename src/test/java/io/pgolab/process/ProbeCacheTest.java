package io.pgolab.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool's answer is remembered under its binary's identity: asked again, the same binary is not run; a
 * rewritten binary is; an answer the validity check refuses is neither kept nor used. (The tool here prints a
 * fresh random number each run, so a cache hit is visible.)
 */
class ProbeCacheTest {
    @TempDir
    Path tmp;

    @Test
    void theSameBinaryIsAskedOnceAndAChangedOneAgain() throws Exception {
        Path tool = tmp.resolve("tool");
        Files.writeString(tool, "#!/bin/sh\necho \"$1 $(od -An -N8 -tu8 /dev/urandom)\"\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = ProbeCache.dir().orElseThrow();
        assertThat(dir.toString()).as("the cache directory").isNotEmpty();
        List<String> argv = List.of(tool.toString(), "--version");

        String first = ProbeCache.output(argv, t -> true);
        assertThat(first).startsWith("--version ");
        assertThat(ProbeCache.output(argv, t -> true)).as("same binary: from the cache").isEqualTo(first);
        assertThat(ProbeCache.output(List.of(tool.toString(), "--other"), t -> true)).as("other arguments")
                .startsWith("--other ");

        // the binary rewritten (an upgrade): asked again
        Files.writeString(tool, "#!/bin/sh\necho \"$1 $(od -An -N8 -tu8 /dev/urandom) new\"\n");
        Files.setLastModifiedTime(tool, FileTime.fromMillis(System.currentTimeMillis() + 5000));
        String second = ProbeCache.output(argv, t -> true);
        assertThat(second).isNotEqualTo(first).endsWith("new\n");

        // an edited cache file is not believed: the tool is asked again
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String text = Files.readString(f);
                if (text.contains(second.strip())) {
                    Files.writeString(f, text.replace(second.strip(), "--version 42 new"));
                }
            }
        }
        String third = ProbeCache.output(argv, t -> true);
        assertThat(third).isNotEqualTo("--version 42 new\n").isNotEqualTo(second).endsWith("new\n");

        // a cached answer the check no longer accepts is not used
        assertThat(ProbeCache.output(argv, t -> !t.equals(third))).isNotEqualTo(third);
    }

    @Test
    void anAnswerTheCheckRefusesIsNotKept() throws Exception {
        Path tool = tmp.resolve("tool2");
        Files.writeString(tool, "#!/bin/sh\nod -An -N8 -tu8 /dev/urandom\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> argv = List.of(tool.toString());
        String a = ProbeCache.output(argv, t -> false);
        String b = ProbeCache.output(argv, t -> true);
        assertThat(b).isNotEqualTo(a);
    }
}
