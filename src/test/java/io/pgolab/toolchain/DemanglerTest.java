package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Demangling with llvm-cxxfilt of LLVM 19 (installed with llvm-19): C++, Rust legacy and v0, in one batch. */
class DemanglerTest {
    @Test
    void demanglesCppAndBothRustManglingsKeepingClangsFilePrefix() {
        Demangler d = Demangler.llvm(19);
        Tool.require(d.missingNote().isEmpty(), "llvm-cxxfilt-19");
        Map<String, String> m = d.demangle(List.of("_ZN9flagsdemo8hot_loop17h0123456789abcdefE",
                "_RNvCs1234_9flagsdemo8hot_loop", "_ZNSt6vectorIiSaIiEE9push_backERKi", "/p/demo.cpp;_ZL3foov",
                "main", "/p/demo.c;run_vm", "main.foo"));
        assertThat(m).containsEntry("_ZN9flagsdemo8hot_loop17h0123456789abcdefE", "flagsdemo::hot_loop")
                .containsEntry("_RNvCs1234_9flagsdemo8hot_loop", "flagsdemo::hot_loop")
                .containsEntry("_ZNSt6vectorIiSaIiEE9push_backERKi", "std::vector<int, std::allocator<int>>::push_back(int const&)")
                .containsEntry("/p/demo.cpp;_ZL3foov", "/p/demo.cpp;foo()")
                .doesNotContainKeys("main", "/p/demo.c;run_vm", "main.foo");
        // Rust legacy escapes, which llvm-cxxfilt leaves in (seen in a real flagsdemo profile)
        assertThat(d.demangle(List.of("_ZN102_$LT$core..iter..adapters..map..Map$LT$I$C$F$GT$$u20$as$u20$core..iter"
                + "..traits..iterator..Iterator$GT$4fold17h4db48950fb24d78bE"))).containsValue(
                "<core::iter::adapters::map::Map<I,F> as core::iter::traits::iterator::Iterator>::fold");
    }

    @Test
    void withoutTheToolNamesStayMangledAndTheNoteSaysWhatToInstall() {
        Demangler d = Demangler.at(Optional.empty(), "llvm-cxxfilt-77 is not installed");
        assertThat(d.demangle(List.of("_ZN1a1bE"))).isEmpty();
        assertThat(Demangler.llvm(77).missingNote()).contains("llvm-cxxfilt-77", "apt-get install -y llvm-77", "mangled");
        assertThat(Demangler.mangled("_ZN1a1bE")).isTrue();
        assertThat(Demangler.mangled("_RNvC1a1b")).isTrue();
        assertThat(Demangler.mangled("run_vm")).isFalse();
        assertThat(RustLegacy.demangle("_ZN4core3ptr85drop_in_place$LT$std..rt..lang_start$LT$$LP$$RP$$GT$..$u7b$$u7b$closure$u7d$$u7d$$GT$17h1234567890abcdefE"))
                .contains("core::ptr::drop_in_place<std::rt::lang_start<()>::{{closure}}>");
        assertThat(RustLegacy.demangle("_ZNSt6vectorIiSaIiEE9push_backERKi")).isEmpty();   // C++: left to llvm-cxxfilt
        assertThat(RustLegacy.demangle("_ZN3foo3barE")).isEmpty();   // no hash: not Rust's
        assertThat(Demangler.at(Optional.of(Path.of("/nonexistent/llvm-cxxfilt")), "").demangle(List.of("_ZN1a1bE"))).isEmpty();
    }
}
