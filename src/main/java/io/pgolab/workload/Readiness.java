package io.pgolab.workload;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.process.Measurement;
import io.pgolab.util.OutputFile;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How to tell that a started server is ready to serve. {@link #check()} makes one attempt and
 * never throws; {@link #await} polls it.
 */
public sealed interface Readiness {
    /** Poll interval of {@link #await}. */
    Duration POLL = Duration.ofMillis(75);
    Duration FAST_POLL = Duration.ofMillis(5);
    Duration FAST_FOR = Duration.ofSeconds(3);

    /** One attempt: true if the server looks ready now. */
    boolean check();

    /** What was waited for, as the subject of "... did not ... within 30s". */
    String notReady(Duration timeout);

    /** A TCP connect to host:port succeeds. */
    record Tcp(String host, int port) implements Readiness {
        public Tcp {
            host = host == null || host.isBlank() ? "127.0.0.1" : host;
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be 1..65535, got " + port);
            }
        }

        @Override
        public boolean check() {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), 1000);
                return true;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }

        @Override
        public String notReady(Duration timeout) {
            String where = host.equals("127.0.0.1") || host.equals("localhost") ? "port " + port : host + ":" + port;
            return where + " did not accept connections within " + Readiness.format(timeout);
        }
    }

    /** An HTTP GET of the URL answers with a 2xx status (redirects are followed). */
    record Http(String url) implements Readiness {
        public Http {
            Objects.requireNonNull(url, "url");
            URI.create(url); // IllegalArgumentException if malformed
        }

        @Override
        public boolean check() {
            try {
                HttpRequest req = HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(2)).GET().build();
                HttpResponse<Void> resp = Holder.CLIENT.send(req, HttpResponse.BodyHandlers.discarding());
                return resp.statusCode() / 100 == 2;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }

        @Override
        public String notReady(Duration timeout) {
            return "GET " + url + " did not return a 2xx status within " + Readiness.format(timeout);
        }
    }

    /** The server's output file has a line matching the regex (find, not full match). */
    record LogLine(Path logFile, Pattern regex) implements Readiness {
        public LogLine {
            Objects.requireNonNull(logFile, "logFile");
            Objects.requireNonNull(regex, "regex");
        }

        @Override
        public boolean check() {
            String text;
            try {
                text = OutputFile.read(logFile);
            } catch (IOException e) {
                return false;
            }
            for (String line : text.split("\r?\n")) {
                if (regex.matcher(line).find()) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String notReady(Duration timeout) {
            return "no line matching /" + regex.pattern() + "/ appeared in " + logFile + " within "
                    + Readiness.format(timeout);
        }
    }

    /** A shell command ({@code bash -c}) exits 0 within 5 seconds. */
    record Probe(String shellCommand, Path cwd) implements Readiness {
        static final Duration LIMIT = Duration.ofSeconds(5);

        public Probe {
            if (shellCommand == null || shellCommand.isBlank()) {
                throw new IllegalArgumentException("a readiness probe needs a command");
            }
        }

        @Override
        public boolean check() {
            try {
                Exec.Request r = Exec.Request.of(List.of("bash", "-c", shellCommand)).in(cwd, Map.of()).timeout(LIMIT, "");
                return Exec.run(null, r).ok();
            } catch (UserError timedOutOrInterrupted) {
                return false;
            }
        }

        @Override
        public String notReady(Duration timeout) {
            return "readiness probe `" + shellCommand + "` did not succeed within " + Readiness.format(timeout);
        }
    }

    /**
     * Polls {@code r} until it succeeds. Throws a {@link UserError} (with the tail of the server's
     * output) if the server exits first or the timeout passes. Does not stop the server: callers
     * close it in a finally block.
     */
    static void await(Readiness r, Duration timeout, Service s) {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        while (true) {
            boolean aliveBefore = s.alive();
            if (aliveBefore && r.check()) {
                return;
            }
            if (!aliveBefore || !s.alive()) {
                Measurement m = s.result(); // rethrows "cannot run ..." errors
                String how = m.signal() != 0
                        ? "was killed by signal " + m.signal() + " (" + Signals.name(m.signal()) + ")"
                        : "exited with status " + m.exitCode();
                throw new UserError("server " + how + " before it was ready" + s.tailForMessage(),
                        "run the server command by hand to see why it stops; its full output is in " + s.logFile());
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new UserError(r.notReady(timeout) + s.tailForMessage(),
                        "check the readiness setting, or give the server more time to start");
            }
            try {
                // Every 5 ms during the first 3 s, so the time to readiness (ready_time) is exact enough
                // to compare startups (a JVM's is ~0.1-1 s); then every POLL.
                Thread.sleep(System.nanoTime() - start < FAST_FOR.toNanos() ? FAST_POLL.toMillis() : POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserError("interrupted while waiting for the server to become ready");
            }
        }
    }

    /** "30s", "1.5s", "250ms". */
    static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return String.format(Locale.ROOT, "%.1fs", ms / 1000.0);
    }

    /** Shared HTTP client for {@link Http}: no proxy, short connect timeout. */
    final class Holder {
        static final HttpClient CLIENT = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(1))
                .followRedirects(HttpClient.Redirect.NORMAL)
                .proxy(HttpClient.Builder.NO_PROXY)
                .build();

        private Holder() {
        }
    }
}
