package io.pgolab.pipeline;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/** One pgolab at a time per project: an OS file lock on .pgolab/lock, released even on a crash. */
public final class ProjectLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private ProjectLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    public static ProjectLock acquire(Path file) {
        try {
            Files.createDirectories(file.getParent());
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock l = ch.tryLock();
            if (l == null) {
                String holder = Files.readString(file).strip();
                ch.close();
                throw new UserError("another pgolab is already working on this project ("
                        + (holder.isEmpty() ? "unknown process" : holder) + ")",
                        "wait for it to finish, or stop it; two runs at once would overwrite each other's builds");
            }
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + " since " + Instant.now())
                    .getBytes(StandardCharsets.UTF_8)));
            return new ProjectLock(ch, l);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a pgolab (this one or another) holds the lock file now; a missing file is held by no one. */
    public static boolean held(Path file) {
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock l = ch.tryLock();
            if (l == null) {
                return true;
            }
            l.release();
            return false;
        } catch (java.nio.channels.OverlappingFileLockException e) {
            return true; // held by this JVM
        } catch (IOException e) {
            return true; // cannot tell: leave it
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the lock goes away with the process anyway
        }
    }
}
