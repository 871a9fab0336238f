package io.pgolab.process;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A long-lived {@code pgolab-runner --serve}: it forks and measures one command per request, so a
 * campaign costs pgolab one process start instead of one per run (the protocol is described in
 * {@code pgolab-runner.c}). Servers are pooled per runner binary and shared by every
 * {@link CommandMeasurer} in the JVM; a server serves one request at a time.
 *
 * <p>Stopping: interrupting the calling thread SIGTERMs the server, which stops the command's process
 * group as the one-shot runner does and exits. A busy server is registered with {@link ProcessReaper}
 * like a one-shot runner; idle ones are stopped by {@link #closeIdle()} from the same shutdown hook.
 * If the JVM dies without its hook, the server sees end of file on its stdin and stops its command.
 */
final class RunnerServer {
    private static final Object EOF = new Object();
    private static final int MAX_IDLE = 4;
    private static final long MAX_IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final Map<Path, Deque<RunnerServer>> IDLE = new HashMap<>();

    private final Process process;
    private final OutputStream requests;
    private final BlockingQueue<Object> replies = new LinkedBlockingQueue<>();
    private long idleSince;

    private RunnerServer(Process process) {
        this.process = process;
        this.requests = process.getOutputStream();
        Thread reader = new Thread(this::readReplies, "pgolab-runner-server-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** An idle server for {@code runner}, or a new one. */
    static RunnerServer acquire(Path runner) throws IOException {
        synchronized (IDLE) {
            Deque<RunnerServer> idle = IDLE.get(runner);
            while (idle != null && !idle.isEmpty()) {
                RunnerServer s = idle.pollLast();
                if (s.process.isAlive() && System.nanoTime() - s.idleSince < MAX_IDLE_NANOS) {
                    return s;
                }
                s.close();
            }
        }
        ProcessBuilder pb = new ProcessBuilder(runner.toString(), "--serve")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        return new RunnerServer(pb.start());
    }

    /** Returns a server that completed its request to the pool. */
    static void release(Path runner, RunnerServer s) {
        synchronized (IDLE) {
            Deque<RunnerServer> idle = IDLE.computeIfAbsent(runner, k -> new ArrayDeque<>());
            if (ProcessReaper.isShuttingDown() || idle.size() >= MAX_IDLE || !s.process.isAlive()) {
                s.close();
                return;
            }
            s.idleSince = System.nanoTime();
            idle.addLast(s);
        }
    }

    /** Stops every idle server (pgolab's exit). */
    static void closeIdle() {
        List<RunnerServer> all = new ArrayList<>();
        synchronized (IDLE) {
            IDLE.values().forEach(all::addAll);
            IDLE.clear();
        }
        all.forEach(RunnerServer::close);
    }

    /**
     * Sends {@code c} and waits for the reply line. After any exception the server is gone (stopped or
     * dead) and must not be released.
     */
    String run(MeasuredCommand c, Duration grace) throws IOException, InterruptedException {
        if (!ProcessReaper.register(process, grace)) {
            ProcessReaper.terminate(List.of(process), grace);
            throw new InterruptedException("pgolab is shutting down");
        }
        try {
            try {
                requests.write(encode(c, grace));
                requests.flush();
            } catch (IOException e) {
                close();
                throw new NotTaken(e);
            }
            Object reply;
            try {
                reply = replies.take();
            } catch (InterruptedException e) {
                ProcessReaper.terminate(List.of(process), grace);
                throw e;
            }
            if (reply == EOF) {
                close();
                throw new IOException("pgolab-runner --serve exited" + exitDetail() + " without reporting a result");
            }
            return (String) reply;
        } finally {
            ProcessReaper.unregister(process);
        }
    }

    /** The server was gone before it got the request (nothing ran): another server may take it. */
    static final class NotTaken extends IOException {
        NotTaken(IOException cause) {
            super("pgolab-runner --serve did not take the request: " + cause.getMessage(), cause);
        }
    }

    /** The request: "<length>\n", then the NUL-terminated fields pgolab-runner.c describes. */
    static byte[] encode(MeasuredCommand c, Duration grace) {
        List<String> f = new ArrayList<>();
        f.add(c.workDir() == null ? "" : c.workDir().toAbsolutePath().toString());
        f.add(c.stdoutFile() == null ? "" : c.stdoutFile().toAbsolutePath().toString());
        boolean merge = c.stderrFile() != null && c.stderrFile().equals(c.stdoutFile());
        f.add(c.stderrFile() == null || merge ? "" : c.stderrFile().toAbsolutePath().toString());
        f.add(merge ? "1" : "0");
        f.add(Integer.toString(c.cpu().orElse(-1)));
        f.add(Long.toString(c.timeout().toMillis()));
        f.add(Long.toString(grace.toMillis()));
        f.add(c.firstOutput() && c.stdoutFile() != null ? "1" : "0");
        f.add(Integer.toString(c.extraEnv().size()));
        c.extraEnv().forEach((k, v) -> f.add(k + "=" + v));
        f.add(Integer.toString(c.argv().size()));
        f.addAll(c.argv());
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        for (String s : f) {
            if (s.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("a command, its environment or paths cannot contain NUL: " + s);
            }
            payload.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            payload.write(0);
        }
        byte[] header = (payload.size() + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] body = payload.toByteArray();
        byte[] all = Arrays.copyOf(header, header.length + body.length);
        System.arraycopy(body, 0, all, header.length, body.length);
        return all;
    }

    private void readReplies() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                replies.add(line);
            }
        } catch (IOException ignored) {
            // the server is gone; EOF below says so
        }
        replies.add(EOF);
    }

    private String exitDetail() {
        try {
            return process.waitFor(1, TimeUnit.SECONDS) ? " with " + process.exitValue() : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** Closes its stdin (the server exits when idle) and SIGTERMs it. */
    void close() {
        try {
            requests.close();
        } catch (IOException ignored) {
            // already gone
        }
        process.destroy();
    }

    long pid() {
        return process.pid();
    }
}
