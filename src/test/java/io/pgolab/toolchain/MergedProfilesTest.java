package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.util.Hashing;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged file under a merged profile's content-addressed name no longer "wins" over a fresh merge. */
class MergedProfilesTest {
    @TempDir
    Path dir;

    @Test
    void aDamagedFileIsReplacedAndAnIntactOneKept() throws Exception {
        Path tmp = dir.resolve("merged.tmp.profdata");
        Files.writeString(tmp, "the merged profile");
        ProfileData first = MergedProfiles.publish(tmp, dir, "profdata");
        assertThat(first.path().getFileName().toString()).isEqualTo("merged-" + first.shortHash() + ".profdata");
        assertThat(tmp).doesNotExist();

        Files.writeString(first.path(), "the merged");   // truncated
        Files.writeString(tmp, "the merged profile");
        ProfileData again = MergedProfiles.publish(tmp, dir, "profdata");
        assertThat(again).isEqualTo(first);
        assertThat(Files.readString(again.path())).isEqualTo("the merged profile");
        assertThat(tmp).doesNotExist();

        Files.writeString(tmp, "the merged profile");
        assertThat(MergedProfiles.publish(tmp, dir, "profdata")).isEqualTo(first);
        assertThat(tmp).as("intact: the new copy is dropped").doesNotExist();
    }

    @Test
    void aDamagedGcdaTreeIsReplaced() throws Exception {
        Path tmp = dir.resolve("merged.tmp");
        Files.createDirectories(tmp.resolve("sub"));
        Files.writeString(tmp.resolve("sub/#x#a.gcda"), "gcda-a");
        Files.writeString(tmp.resolve("#x#b.gcda"), "gcda-b");
        String sha = Hashing.ofPath(tmp);
        ProfileData first = MergedProfiles.publish(tmp, dir, "");
        Files.writeString(first.path().resolve("#x#b.gcda"), "");

        Files.createDirectories(tmp.resolve("sub"));
        Files.writeString(tmp.resolve("sub/#x#a.gcda"), "gcda-a");
        Files.writeString(tmp.resolve("#x#b.gcda"), "gcda-b");
        ProfileData again = MergedProfiles.publish(tmp, dir, "");
        assertThat(again.path()).isEqualTo(first.path());
        assertThat(Hashing.ofPath(again.path())).isEqualTo(sha);
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly(first.path().getFileName().toString());
        }
    }
}
