import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A small HTTP server on the JDK's own com.sun.net.httpserver, for pgolab's JVM example.
 * usage: java Server PORT. Endpoints: /hello, /json?n=N (a JSON list), /sum?n=N (streams),
 * /text?n=N (regex and formatting), /words?n=N (a word count in a TreeMap). Stops on SIGTERM with
 * exit status 0 (so the JVM writes its class archive or AOT cache on the way out).
 */
public final class Server {
    private static final Pattern WORD = Pattern.compile("[a-z]+");

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 128);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/hello", ex -> reply(ex, "hello\n"));
        server.createContext("/json", ex -> reply(ex, json(n(ex, 10))));
        server.createContext("/sum", ex -> reply(ex, sum(n(ex, 1000)) + "\n"));
        server.createContext("/text", ex -> reply(ex, text(n(ex, 20))));
        server.createContext("/words", ex -> reply(ex, words(n(ex, 50))));
        sun.misc.Signal.handle(new sun.misc.Signal("TERM"), s -> {
            server.stop(0);
            System.exit(0);
        });
        server.start();
        System.out.println("listening on " + port);
    }

    private static int n(HttpExchange ex, int dflt) {
        URI u = ex.getRequestURI();
        String q = u.getQuery();
        if (q != null && q.startsWith("n=")) {
            try {
                return Math.max(1, Math.min(100_000, Integer.parseInt(q.substring(2))));
            } catch (NumberFormatException e) {
                return dflt;
            }
        }
        return dflt;
    }

    private static String json(int n) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add(String.format(Locale.ROOT, "{\"id\":%d,\"name\":\"item-%d\",\"price\":%.2f}", i, i, i * 1.25));
        }
        return "[" + String.join(",", items) + "]\n";
    }

    private static long sum(int n) {
        return IntStream.rangeClosed(1, n).mapToLong(i -> (long) i * i % 7919).filter(v -> v % 3 != 0).sum();
    }

    private static String text(int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(String.format(Locale.ROOT, "line %05d: the quick brown fox %s%n", i, Integer.toHexString(i * 31)));
        }
        Matcher m = Pattern.compile("fox ([0-9a-f]+)").matcher(s);
        int found = 0;
        while (m.find()) {
            found += m.group(1).length();
        }
        return s.toString().toUpperCase(Locale.ROOT).hashCode() + " " + found + "\n";
    }

    private static String words(int n) {
        String base = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu";
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            Matcher m = WORD.matcher(base.substring(i % 7));
            while (m.find()) {
                counts.merge(m.group(), 1, Integer::sum);
            }
        }
        return counts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")) + "\n";
    }

    private static void reply(HttpExchange ex, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        ex.sendResponseHeaders(200, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }
}
