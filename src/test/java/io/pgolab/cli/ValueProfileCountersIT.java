package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A training run that succeeds while LLVM's profile runtime runs out of value-profile counters
 * (more indirect-call targets than the instrumented binary allocated nodes for: 60 call sites with 30
 * targets each, real clang 19): pgolab says so and how to allocate more; with that flag the warning
 * is gone. Before, the runtime's warning only reached .pgolab/logs/train-*.log.
 */
class ValueProfileCountersIT {
    @TempDir
    Path tmp;

    static String manyTargets() {
        int targets = 30;
        int sites = 60;
        StringBuilder c = new StringBuilder("#include <stdio.h>\n");
        for (int i = 0; i < targets; i++) {
            c.append("int f").append(i).append("(int x) { return x * ").append(i + 3).append(" + ").append(i).append("; }\n");
        }
        c.append("int (*tbl[])(int) = {");
        for (int i = 0; i < targets; i++) {
            c.append(i == 0 ? "" : ", ").append("f").append(i);
        }
        c.append("};\n");
        for (int j = 0; j < sites; j++) {
            c.append("__attribute__((noinline)) int c").append(j).append("(int (*f)(int), int x) { return f(x) + ")
                    .append(j).append("; }\n");
        }
        c.append("int main(int argc, char **argv) {\n  int s = 0;\n  for (int i = 0; i < 1000; i++) {\n");
        for (int j = 0; j < sites; j++) {
            c.append("    s += c").append(j).append("(tbl[(i + ").append(j).append(") % ").append(targets).append("], i);\n");
        }
        c.append("  }\n  printf(\"%d\\n\", s);\n  return 0;\n}\n");
        return c.toString();
    }

    @Test
    void runningOutOfValueProfileCountersIsSaidWithTheFlagThatFixesIt() throws Exception {
        Tool.require(ToolLocator.onPath("clang-19").isPresent(), "clang-19");
        Path p = TinyProject.create(tmp.resolve("p"), "clang", "\"release\", \"pgo\"", TinyProject.train("calls", "{binary}"));
        Files.writeString(p.resolve("hot.c"), manyTargets());
        Path config = p.resolve("pgolab.toml");
        Files.writeString(config, Files.readString(config).replace("kind = \"clang\"", "kind = \"clang\"\ncc = \"clang-19\""));

        Cli.Result out = Cli.run(p, "build", "pgo");
        assertThat(out.exitCode()).as(out.all()).isZero();
        assertThat(out.err()).contains("train calls: the instrumented program ran out of value-profile counters")
                .contains("Running out of static counters").contains("-mllvm -vp-counters-per-site=4");

        Files.writeString(config, Files.readString(config).replace("command = \"{cc}", "cflags = \"-mllvm -vp-counters-per-site=30\"\ncommand = \"{cc}"));
        Cli.Result enough = Cli.run(p, "build", "pgo");
        assertThat(enough.exitCode()).as(enough.all()).isZero();
        assertThat(enough.err()).contains("train calls done").doesNotContain("value-profile counters");
    }
}
