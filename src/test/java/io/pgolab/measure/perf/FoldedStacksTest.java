package io.pgolab.measure.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FoldedStacksTest {
    /** perf script -F comm,pid,tid,ip,sym,dso of a DWARF recording (perf 6.1), three samples. */
    static final String SCRIPT = """
            demo 14625/14625\s
            \t            6cb2 lex_next (/tmp/d/demo)
            \t            3070 run_workload (/tmp/d/demo)
            \t            2976 main (/tmp/d/demo)
            \t           27249 __libc_start_call_main (/usr/lib/x86_64-linux-gnu/libc.so.6)

            demo 14625/14625\s
            \t            6cb2 lex_next+0x12 (/tmp/d/demo)
            \t            3070 run_workload (/tmp/d/demo)
            \t            2976 main (/tmp/d/demo)
            \t           27249 __libc_start_call_main (/usr/lib/x86_64-linux-gnu/libc.so.6)

            my prog 77/78\s
            \t    7f00 [unknown] (/usr/lib/x86_64-linux-gnu/libc.so.6)
            \t    4000 /tmp/d/demo.c;tab_probe (/tmp/d/demo)
            \tffffffff81000c82 asm_exc_page_fault ([kernel.kallsyms])
            """;

    @Test
    void foldsEachSampleRootFirstWithTheProcessNameAsRoot() {
        Map<String, Long> f = FoldedStacks.fold(SCRIPT);
        assertThat(f).containsExactly(
                Map.entry("demo;__libc_start_call_main;main;run_workload;lex_next", 2L),
                Map.entry("my prog;asm_exc_page_fault;/tmp/d/demo.c:tab_probe;[libc.so.6]", 1L));
    }

    @Test
    void framesWithoutASymbolAreNamedByTheirDso() {
        assertThat(FoldedStacks.frame("7f00 [unknown] (/usr/lib/libc.so.6)")).isEqualTo("[libc.so.6]");
        assertThat(FoldedStacks.frame("7f00 [unknown] ([unknown])")).isEqualTo("[unknown]");
        assertThat(FoldedStacks.frame("55d0c4 vm_run+0x1f (/tmp/demo)")).isEqualTo("vm_run");
        assertThat(FoldedStacks.comm("lua 1234/1234 ")).isEqualTo("lua");
        // LTO's promoted locals are the same functions as in a build without LTO
        assertThat(FoldedStacks.frame("4f10 precallC.llvm.10874372042459484144 (/tmp/lua)")).isEqualTo("precallC");
        assertThat(FoldedStacks.frame("4f10 foo.lto_priv.0 (/tmp/x)")).isEqualTo("foo");
        assertThat(FoldedStacks.frame("4f10 foo.cold (/tmp/x)")).isEqualTo("foo.cold");
    }

    @Test
    void aSmallProfileIsKeptWhole() {
        Flamegraph g = FoldedStacks.cap("cpu-clock", "dwarf", FoldedStacks.fold(SCRIPT), 10);
        assertThat(g.samples()).isEqualTo(3);
        assertThat(g.mergedFrames()).isZero();
        assertThat(g.describe()).isEqualTo("cpu-clock, DWARF call graphs, 3 samples");
    }

    @Test
    void aLargeProfileMergesItsTinyFramesUnderTheirCallersAndKeepsEverySample() {
        Map<String, Long> stacks = new LinkedHashMap<>();
        stacks.put("p;main;hot", 5000L);
        for (int i = 0; i < 500; i++) {
            stacks.put("p;main;cold;leaf" + i, 1L);
        }
        Flamegraph g = FoldedStacks.cap("cycles", "fp", stacks, 100);
        assertThat(g.stacks().size()).isLessThanOrEqualTo(100);
        assertThat(g.stacks().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(5500);
        assertThat(g.stacks()).containsEntry("p;main;hot", 5000L).containsEntry("p;main;cold;" + FoldedStacks.MERGED, 500L);
        assertThat(g.mergedFrames()).isEqualTo(500);
        assertThat(g.describe()).contains("500 frames under 2 samples merged into [small frames]");
    }
}
