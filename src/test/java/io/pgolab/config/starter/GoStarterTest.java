package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.Variant;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoStarterTest {
    @TempDir
    Path tmp;

    @Test
    void aGoModuleGetsAValidGoStarterWithItsMainPackage() throws Exception {
        Files.writeString(tmp.resolve("go.mod"), "module example.com/widget\n\ngo 1.22\n");
        Files.writeString(tmp.resolve("lib.go"), "package widget\n");
        Files.createDirectories(tmp.resolve("cmd/widgetd"));
        Files.writeString(tmp.resolve("cmd/widgetd/main.go"), "package main\n\nfunc main() {}\n");
        assertThat(StarterConfig.kindOf(tmp)).contains("go");
        String text = StarterConfig.render(tmp, "go");
        assertThat(text).contains("found go.mod, module example.com/widget");
        Config c = ConfigLoader.parse(tmp.resolve("pgolab.toml"), text);
        assertThat(c.toolchain().kind()).isEqualTo("go");
        assertThat(c.build().command()).isEqualTo("{go} build {goflags} -o {builddir}/widgetd ./cmd/widgetd");
        assertThat(c.variants()).containsExactly(Variant.RELEASE, Variant.PGO);
    }

    @Test
    void aDirectoryWithoutGoModIsNotGo() {
        assertThat(StarterConfig.kindOf(tmp)).isEmpty();
    }

    private void main(String dir) throws Exception {
        Path d = Files.createDirectories(tmp.resolve(dir));
        Files.writeString(d.resolve("main.go"), "// a tool\npackage main\n\nfunc main() {}\n");
    }

    @Test
    void theMainPackageNamedLikeTheModuleIsChosenAndTheOthersListed() throws Exception {
        Files.writeString(tmp.resolve("go.mod"), "module github.com/acme/zap\n");
        main("cmd/aaa");
        main("cmd/zap");
        main("tools/gen");
        main("vendor/x/y");
        main("tools/my tool");   // not one word on the go build line: left out
        main("internal/testdata/z");
        String text = StarterConfig.render(tmp, "go");
        assertThat(text).contains("package = \"./cmd/zap\"   # also main: ./cmd/aaa, ./tools/gen\n").doesNotContain("# guessed", "vendor");
        assertThat(ConfigLoader.parse(tmp.resolve("pgolab.toml"), text).build().command()).endsWith(" ./cmd/zap");
    }

    @Test
    void severalMainPackagesAndNoNameToGoByIsAGuess() throws Exception {
        Files.writeString(tmp.resolve("go.mod"), "module example.com/suite\n");
        main("cmd/one");
        main("cmd/two");
        String text = StarterConfig.render(tmp, "go");
        assertThat(text).contains("package = \"./cmd/one\"   # guessed: ./cmd/one, others: ./cmd/two\n");
    }

    @Test
    void theMakefilesGoBuildFlagsAreKeptUnlessMadeOfMakeVariables() throws Exception {
        Files.writeString(tmp.resolve("go.mod"), "module example.com/tool\n");
        main("");
        Files.writeString(tmp.resolve("Makefile"), "build:\n\tCGO_ENABLED=0 go build -trimpath \\\n\t\t-tags 'netgo osusergo' -ldflags \"-s -w\" -o tool .\n");
        String text = StarterConfig.render(tmp, "go");
        assertThat(text).contains("package = \".\"\n", "goflags = \"-tags=netgo,osusergo\"", "ldflags = \"-s -w\"");
        var c = ConfigLoader.parse(tmp.resolve("pgolab.toml"), text);
        assertThat(c.build().ldflags()).isEqualTo("-s -w");

        Files.writeString(tmp.resolve("Makefile"), "build:\n\tgo build -ldflags \"-X main.version=$(VERSION)\" .\n");
        assertThat(StarterConfig.render(tmp, "go")).contains("ldflags = \"\"\n",
                "# Not copied from the Makefile's go build (made of make variables): -X main.version=$(VERSION)\n");
    }

    @Test
    void makeVariablesOfTheGoBuildLineAreExpandedAndVersionStampsLeftOut() throws Exception {
        Files.writeString(tmp.resolve("go.mod"), "module example.com/finder/v2\n");
        main("");
        main("cmd/helper");
        Files.writeString(tmp.resolve("Makefile"), """
                GO ?= go

                BUILD_FLAGS := -a -ldflags "-s -w -X main.version=$(VERSION) -X main.revision=$(REVISION)" -tags "$(TAGS)"
                target/finder:
                \t$(GO) build $(BUILD_FLAGS) -o $@
                check:
                \tTAGS=tcell make test
                """);
        String text = StarterConfig.render(tmp, "go");
        assertThat(text).contains("package = \".\"   # also main: ./cmd/helper\n", "goflags = \"\"", "ldflags = \"-s -w\"",
                "(made of make variables): -X main.version=$(VERSION), -X main.revision=$(REVISION), -tags=$(TAGS)\n");
    }
}
