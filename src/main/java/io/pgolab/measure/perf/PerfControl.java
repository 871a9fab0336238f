package io.pgolab.measure.perf;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * A handshake with {@code perf record -D -1 --control fifo:CTL,ACK}: perf starts with its events
 * disabled; pgolab writes "enable" and waits for perf's "ack", so that the load begins only once perf
 * really records. Without it a short load on a busy machine can end before perf has attached, and
 * the recording says the server was idle (perf takes a noticeable time to start on a busy machine).
 */
final class PerfControl {
    private final Path ctl;
    private final Path ack;

    private PerfControl(Path ctl, Path ack) {
        this.ctl = ctl;
        this.ack = ack;
    }

    /** Two fresh FIFOs beside outFile. */
    static PerfControl beside(Path outFile) {
        Path ctl = Path.of(outFile + ".ctl");
        Path ack = Path.of(outFile + ".ack");
        try {
            if (outFile.getParent() != null) {
                Files.createDirectories(outFile.getParent());
            }
            Files.deleteIfExists(ctl);
            Files.deleteIfExists(ack);
        } catch (IOException e) {
            throw new UserError("cannot prepare perf's control FIFOs beside " + outFile + ": " + e.getMessage());
        }
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of("mkfifo", ctl.toString(), ack.toString()), 10);
        if (!r.ok()) {
            throw new UserError("mkfifo failed for perf's control FIFOs: " + r.output().strip());
        }
        return new PerfControl(ctl, ack);
    }

    /** The perf record options that start disabled and listen on the FIFOs. */
    List<String> options() {
        return List.of("-D", "-1", "--control", "fifo:" + ctl + "," + ack);
    }

    /**
     * Enables the events and waits for perf's acknowledgement, at most timeoutMillis.
     *
     * @throws UserError when perf did not answer in time (it is then not recording)
     */
    void enable(long timeoutMillis, BooleanSupplier perfAlive) {
        CompletableFuture<String> answer = CompletableFuture.supplyAsync(this::handshake);
        try {
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
            while (!answer.isDone() && perfAlive.getAsBoolean() && System.nanoTime() < deadline) {
                try {
                    answer.get(50, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    // poll again: perf may have exited (bad pid, no permission)
                }
            }
            if (!answer.isDone()) {
                release();
                if (!perfAlive.getAsBoolean()) {
                    throw new PerfExited();
                }
                throw new TimeoutException();
            }
            String a = answer.get();
            if (!a.startsWith("ack")) {
                throw new UserError("perf record answered '" + a.strip() + "' instead of 'ack' to 'enable'");
            }
        } catch (TimeoutException e) {
            release();
            throw new UserError("perf record did not start recording within " + timeoutMillis / 1000 + " s",
                    "the machine may be overloaded; see the perf log beside the data file");
        } catch (InterruptedException e) {
            release();
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while starting perf record");
        } catch (ExecutionException e) {
            throw new UserError("cannot talk to perf record through " + ctl + ": " + e.getCause().getMessage());
        }
    }

    private String handshake() {
        try (OutputStream out = new FileOutputStream(ctl.toFile())) {
            out.write("enable\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            try (InputStream in = new FileInputStream(ack.toFile())) {
                byte[] buf = new byte[16];
                int n = in.read(buf);
                return n <= 0 ? "" : new String(buf, 0, n, StandardCharsets.US_ASCII);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Unblocks a handshake stuck in open() (perf gone): opening the other end of each FIFO lets it through. */
    private void release() {
        Thread t = new Thread(() -> {
            try (InputStream in = new FileInputStream(ctl.toFile()); OutputStream out = new FileOutputStream(ack.toFile())) {
                out.write('\n');
            } catch (IOException ignored) {
                // best effort
            }
        }, "pgolab-perf-control-release");
        t.setDaemon(true);
        t.start();
    }

    /** perf ended before it answered: the caller reports how it failed. */
    static final class PerfExited extends RuntimeException {
        PerfExited() {
            super("perf record exited before it started recording", null, false, false);
        }
    }

    void delete() {
        try {
            Files.deleteIfExists(ctl);
            Files.deleteIfExists(ack);
        } catch (IOException ignored) {
            // best effort
        }
    }
}
