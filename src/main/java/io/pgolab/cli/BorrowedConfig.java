package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.store.Worktrees;
import io.pgolab.util.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The candidate's config written into the worktree of a base that has none (the pull request that adds pgolab), at
 * the path the base's own would have: its root and relative paths then name the base's sources, and its store is
 * the base's. Only the config is borrowed; the base is built from its own commit. The copy is untracked, so the
 * worktree stays intact for the next gate, which writes it again (the candidate's config may have changed).
 */
final class BorrowedConfig {
    private BorrowedConfig() {
    }

    static void copy(Path candidateFile, Path baseFile, Worktrees.Commit base) {
        if (!Files.isRegularFile(candidateFile)) {
            return; // the candidate's own error names it
        }
        try {
            if (Files.isSymbolicLink(baseFile) || Files.isDirectory(baseFile, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException(baseFile + " is a " + (Files.isSymbolicLink(baseFile) ? "symbolic link" : "directory"));
            }
            Files.createDirectories(baseFile.getParent());
            Files.copy(candidateFile, baseFile, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UserError("the base commit " + Text.visible(base.ref()) + " (" + base.shortSha()
                    + ") has no " + baseFile.getFileName() + ", and the candidate's cannot be written in its worktree: "
                    + e.getMessage(), "commit the config on the base branch first, or gate against a later base");
        }
    }
}
