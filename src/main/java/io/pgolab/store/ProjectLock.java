package io.pgolab.store;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * One pgolab at a time per project: an OS file lock on .pgolab/lock, released even on a crash. Within this pgolab the
 * lock is counted, not taken twice: a gate of a commit against itself (an A/A run) opens the same worktree's store for
 * both sides, and the OS lock, held per process, would refuse the second (OverlappingFileLockException).
 */
public final class ProjectLock implements AutoCloseable {
    /** The locks this process holds, by the lock file's real path, with how many holders each has. */
    private static final Map<Path, Held> HELD = new HashMap<>();
    private final Path key;
    private boolean closed;

    /** The OS lock and its channel, released when the last holder closes. */
    private static final class Held {
        final FileChannel channel;
        final FileLock lock;
        int holders = 1;

        Held(FileChannel channel, FileLock lock) {
            this.channel = channel;
            this.lock = lock;
        }
    }

    private ProjectLock(Path key) {
        this.key = key;
    }

    public static ProjectLock acquire(Path file) {
        try {
            Files.createDirectories(file.getParent());
            // checked before a second channel is opened: closing any channel of the file drops the process's lock
            if (Files.exists(file)) {
                synchronized (HELD) {
                    ProjectLock mine = reentered(file.toRealPath());
                    if (mine != null) {
                        return mine;
                    }
                }
            }
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            Path key = file.toRealPath();
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
            synchronized (HELD) {
                HELD.put(key, new Held(ch, l));
            }
            return new ProjectLock(key);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a pgolab (this one or another) holds the lock file now; a missing file is held by no one. */
    public static boolean held(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            synchronized (HELD) {
                if (HELD.containsKey(file.toRealPath())) {
                    return true; // held by this pgolab: no second channel (its close would drop the lock)
                }
            }
        } catch (IOException e) {
            return true;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock l = ch.tryLock();
            if (l == null) {
                return true;
            }
            l.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true; // held by this JVM
        } catch (IOException e) {
            return true; // cannot tell: leave it
        }
    }

    /** This process holds key already: one more holder, whose close only counts down. */
    private static ProjectLock reentered(Path key) {
        Held held = HELD.get(key);
        if (held == null) {
            return null;
        }
        held.holders++;
        return new ProjectLock(key);
    }

    @Override
    public void close() {
        Held held;
        synchronized (HELD) {
            if (closed) {
                return;
            }
            closed = true;
            held = HELD.get(key);
            if (held == null || --held.holders > 0) {
                return;
            }
            HELD.remove(key);
        }
        try {
            held.lock.release();
            held.channel.close();
        } catch (IOException e) {
            // the lock goes away with the process anyway
        }
    }
}
