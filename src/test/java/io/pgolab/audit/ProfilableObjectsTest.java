package io.pgolab.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.config.Variant;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: GCC's "found no profile data for N of M objects ... retrain" counted an assembly object, objects with no
 * functions and objects the program never linked, none of which can ever have a .gcda. Real gcc objects and archive.
 */
class ProfilableObjectsTest {
    @TempDir
    Path tmp;

    private CompileRecord rec(String... args) {
        return new CompileRecord(1, tmp, false, Optional.empty(), List.of(args));
    }

    private void gcc(String... args) {
        List<String> argv = new ArrayList<>(List.of("gcc"));
        argv.addAll(List.of(args));
        Exec.Result r = Exec.capture(null, tmp, java.util.Map.of(), argv, 60);
        assertThat(r.ok()).as(r.output()).isTrue();
    }

    /** The pgo build's audit of records, with a .gcda in prof for each object named (as the training would write). */
    private BuildAudit.Outcome auditWithProfilesOf(Path prof, List<CompileRecord> records, String... objects) throws Exception {
        for (String o : objects) {
            Path gcda = Path.of(prof + tmp.resolve(o).toString() + ".gcda");
            Files.createDirectories(gcda.getParent());
            Files.writeString(gcda, "x");
        }
        return BuildAudit.check("pgo", Variant.PGO, Phase.OPTIMIZE, Optional.of(new ProfileData(prof, "sha", 0)), true,
                records, tmp, tmp, tmp.resolve("audit.log"), 0, Optional.of(tmp.resolve("prog")));
    }

    @Test
    void onlyLinkedObjectsWithFunctionsCountInTheGcdaCheck() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Files.writeString(tmp.resolve("main.c"), "int f(int); int g(int);\nint main(void) { return f(1) + g(2); }\n");
        Files.writeString(tmp.resolve("f.c"), "int f(int x) { return x + 1; }\n");
        // -DPIC adds code, as real PIC objects differ from their static twins (GOT loads, other sizes)
        Files.writeString(tmp.resolve("g.c"), "int g(int x) { return x * 3; }\n#ifdef PIC\nint h(int x) { return x; }\n#endif\n");
        Files.writeString(tmp.resolve("data.c"), "int table[4] = {1, 2, 3, 4};\n");
        Files.writeString(tmp.resolve("unused.c"), "int u(int x) { return x - 1; }\n");
        Files.writeString(tmp.resolve("crc.S"), ".text\n.globl crc\ncrc:\n ret\n");
        List<CompileRecord> records = new ArrayList<>();
        for (String src : List.of("main.c", "f.c", "g.c", "data.c", "unused.c", "crc.S")) {
            String[] args = {"-O2", "-fprofile-use=" + tmp.resolve("prof"), "-c", src, "-o",
                    tmp.resolve(src.replaceAll("\\.[cS]$", ".o")).toString()};
            gcc(args);
            records.add(rec(args));
        }
        // libtool's way: the same source again with -fPIC under the same name in .libs/, for a shared library the
        // program does not link; the archive holds the other g.o (same name, another size)
        Files.createDirectories(tmp.resolve(".libs"));
        String[] pic = {"-O2", "-fprofile-use=" + tmp.resolve("prof"), "-c", "g.c", "-fPIC", "-DPIC", "-o",
                tmp.resolve(".libs/g.o").toString()};
        gcc(pic);
        records.add(rec(pic));
        Exec.Result ar = Exec.capture(null, tmp, java.util.Map.of(), List.of("ar", "rcs", "libx.a", "g.o", "data.o",
                "crc.o"), 60);
        assertThat(ar.ok()).as(ar.output()).isTrue();
        String[] link = {"main.o", tmp.resolve("f.o").toString(), "-L.", "-lx", "-o", "prog"};
        gcc(link);
        records.add(rec(link));

        Set<String> members = new HashSet<>();
        assertThat(ProfilableObjects.members(tmp.resolve("libx.a"), members)).isTrue();
        assertThat(members.stream().filter(m -> !m.contains("\0"))).containsExactlyInAnyOrder("g.o", "data.o", "crc.o");

        // The training's profile: main and f have their .gcda, g (linked from the archive, with a function) lost it.
        Path prof = tmp.resolve("prof");
        BuildAudit.Outcome out = auditWithProfilesOf(prof, records, "main", "f");
        assertThat(out.line()).endsWith(", 2/3 .gcda found (left out, no profile possible: 1 no functions,"
                + " 2 not linked into the artifact, 1 assembly)");
        assertThat(out.problems()).singleElement().satisfies(p -> {
            assertThat(p.what()).contains("found no profile data for 1 of 3 object(s)", "g.o: GCC looked for");
            assertThat(p.warnOnly()).isTrue();
        });
    }

    /**
     * CMake's cmark: the cmark (shared) and cmark_static targets compile every source twice under one name, with and
     * without -fPIC, and on x86-64 the two objects are often the same size. The program links the static archive: the
     * shared library's objects are not linked into it, though an archive member has their name and size; the bytes
     * tell them apart (found by bench/init-corpus-pgo.sh: "no profile data for 16 of 36 objects" on cmark).
     */
    @Test
    void anObjectOfTheArchivesNameAndSizeButOtherBytesIsNotLinked() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Files.createDirectories(tmp.resolve("static"));
        Files.createDirectories(tmp.resolve("shared"));
        Files.writeString(tmp.resolve("static/g.c"), "int g(int x) { return x + 1; }\n");
        Files.writeString(tmp.resolve("shared/g.c"), "int g(int x) { return x + 2; }\n");   // same size, other bytes
        Files.writeString(tmp.resolve("main.c"), "int g(int);\nint main(void) { return g(1); }\n");
        List<CompileRecord> records = new ArrayList<>();
        for (String src : List.of("static/g.c", "shared/g.c", "main.c")) {
            String[] args = {"-O2", "-fprofile-use=" + tmp.resolve("prof"), "-c", src, "-o",
                    tmp.resolve(src.replace(".c", ".o")).toString()};
            gcc(args);
            records.add(rec(args));
        }
        assertThat(Files.size(tmp.resolve("static/g.o"))).isEqualTo(Files.size(tmp.resolve("shared/g.o")));
        Exec.Result ar = Exec.capture(null, tmp, java.util.Map.of(), List.of("ar", "rcs", "libg.a", "static/g.o"), 60);
        assertThat(ar.ok()).as(ar.output()).isTrue();
        String[] link = {"main.o", "libg.a", "-o", "prog"};
        gcc(link);
        records.add(rec(link));

        ProfilableObjects p = new ProfilableObjects(tmp.resolve("prog"), records.subList(3, 4));
        assertThat(p.cannotHaveProfile(records.get(0), tmp.resolve("static/g.o"))).isEmpty();
        assertThat(p.cannotHaveProfile(records.get(1), tmp.resolve("shared/g.o"))).hasValue("not linked into the artifact");
    }

    /**
     * The rest of cmark: where the -fPIC and the static object have the same bytes, neither name, size nor bytes tell
     * them apart; but the static target's copy has its .gcda and is compiled in this same build, so the other copy was
     * not in the trained program. Left out, not "compiled at other paths" (which a flags-hashed directory is: there the
     * .gcda's object is not compiled in the optimized build at all, AuditIT).
     */
    @Test
    void anotherTargetsCopyOfAProfiledSourceIsLeftOut() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Files.createDirectories(tmp.resolve("cmark_static.dir"));
        Files.createDirectories(tmp.resolve("cmark.dir"));
        Files.writeString(tmp.resolve("g.c"), "int g(int x) { return x + 1; }\n");
        Files.writeString(tmp.resolve("main.c"), "int g(int);\nint main(void) { return g(1); }\n");
        Path prof = tmp.resolve("prof");
        List<CompileRecord> records = new ArrayList<>();
        for (String out : List.of("cmark_static.dir/g.o", "cmark.dir/g.o", "main.o")) {
            String[] args = {"-O2", "-fprofile-use=" + prof, "-c", out.equals("main.o") ? "main.c" : "g.c", "-o",
                    tmp.resolve(out).toString()};
            gcc(args);
            records.add(rec(args));
        }
        Exec.Result ar = Exec.capture(null, tmp, java.util.Map.of(), List.of("ar", "rcs", "libg.a", "cmark_static.dir/g.o"), 60);
        assertThat(ar.ok()).as(ar.output()).isTrue();
        String[] link = {"main.o", "libg.a", "-o", "prog"};
        gcc(link);
        records.add(rec(link));
        BuildAudit.Outcome out = auditWithProfilesOf(prof, records, "cmark_static.dir/g", "main");
        assertThat(out.line()).endsWith(", 2/2 .gcda found (left out, no profile possible: 1 another target's copy of a"
                + " profiled source)");
        assertThat(out.problems()).isEmpty();
    }

    /**
     * GNU hello's and gzip's gnulib archives: the linker pulls only the members that define a symbol the program needs,
     * so a member nothing calls is not in the program and has no .gcda (found by bench/init-corpus-pgo.sh: "no profile
     * data for 9 of 18 objects" on hello). Told by the artifact's symbol table; a pulled member still counts.
     */
    @Test
    void anArchiveMemberTheLinkDidNotPullIsNotLinked() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Files.writeString(tmp.resolve("used.c"), "int used(int x) { return x + 1; }\n");
        Files.writeString(tmp.resolve("unused.c"), "int never_called(int x) { return x - 1; }\n");
        Files.writeString(tmp.resolve("main.c"), "int used(int);\nint main(void) { return used(1); }\n");
        List<CompileRecord> records = new ArrayList<>();
        for (String src : List.of("used.c", "unused.c", "main.c")) {
            String[] args = {"-O2", "-c", src, "-o", tmp.resolve(src.replace(".c", ".o")).toString()};
            gcc(args);
            records.add(rec(args));
        }
        Exec.Result ar = Exec.capture(null, tmp, java.util.Map.of(), List.of("ar", "rcs", "libgnu.a", "used.o", "unused.o"), 60);
        assertThat(ar.ok()).as(ar.output()).isTrue();
        String[] link = {"main.o", "libgnu.a", "-o", "prog"};
        gcc(link);
        records.add(rec(link));

        ProfilableObjects p = new ProfilableObjects(tmp.resolve("prog"), records.subList(3, 4));
        assertThat(p.cannotHaveProfile(records.get(0), tmp.resolve("used.o"))).isEmpty();
        assertThat(p.cannotHaveProfile(records.get(1), tmp.resolve("unused.o"))).hasValue("not linked into the artifact");
        // stripped, the program tells nothing: the member counts, so a real loss is still reported
        Exec.Result strip = Exec.capture(null, tmp, java.util.Map.of(), List.of("strip", "prog"), 60);
        assertThat(strip.ok()).as(strip.output()).isTrue();
        assertThat(new ProfilableObjects(tmp.resolve("prog"), records.subList(3, 4))
                .cannotHaveProfile(records.get(1), tmp.resolve("unused.o"))).isEmpty();
    }
}
