package io.pgolab.ci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in for pgolab with the interfaces the workflow calls (profile key and export, build with and
 * without --profile, gate, merge), so that the workflow's wiring (cache hit and miss, exit codes, uploads
 * after a failed gate, the merged verdict) is tested without toolchains. Each call is appended to
 * $FAKE_LOG; gate's exit code for host H is $FAKE_GATE_EXIT_H (default 0).
 */
public final class FakePgolab {
    private static final ObjectMapper JSON = new ObjectMapper();

    private FakePgolab() {
    }

    public static void main(String[] argv) throws IOException {
        List<String> args = new ArrayList<>(List.of(argv));
        Files.writeString(Path.of(System.getenv("FAKE_LOG")), String.join(" ", argv) + "\n",
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (args.size() >= 2 && args.get(0).equals("--config")) {
            if (!Files.isRegularFile(Path.of(args.get(1)))) {
                System.err.println("error: no config " + args.get(1));
                System.exit(2);
            }
            args = args.subList(2, args.size());
        }
        System.exit(run(args));
    }

    private static int run(List<String> a) throws IOException {
        String command = a.isEmpty() ? "" : a.get(0);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String arg : a) {
            // as picocli does, but for merge's --link, a map option that repeats
            if (arg.startsWith("--") && !arg.equals("--link") && !seen.add(arg.replaceAll("=.*", ""))) {
                System.err.println("option '" + arg + "' should be specified only once");
                return 2;
            }
        }
        switch (command) {
            case "--version" -> System.out.println("pgolab " + java.util.Objects.requireNonNullElse(System.getenv("FAKE_VERSION"), "fake"));
            case "doctor" -> {
                boolean missing = System.getenv("FAKE_DOCTOR_MISSING") != null;
                System.out.println(missing ? "missing  llvm-bolt 19  (apt-get install -y bolt-19)" : "all variants can be built here");
                return missing ? 1 : 0;
            }
            case "profile" -> {
                if (a.get(1).equals("key")) {
                    System.out.println("key" + Integer.toHexString(Files.readString(Path.of("hot.c")).hashCode()));
                } else {
                    Files.writeString(Path.of(a.get(2)), "exported profile");
                }
            }
            case "build" -> {
                String profile = option(a, "--profile");
                if (profile != null && !Files.isRegularFile(Path.of(profile))) {
                    System.err.println("error: no profile " + profile);
                    return 2;
                }
                Path bin = Path.of(".pgolab/bin/fake/hot").toAbsolutePath();
                Files.createDirectories(bin.getParent());
                Files.writeString(bin, "binary");
                ObjectNode doc = JSON.createObjectNode();
                for (String v : a.subList(1, a.size())) {
                    if (v.startsWith("--")) {
                        break;
                    }
                    doc.withArray("variants").addObject().put("name", v).put("binary", bin.toString());
                }
                doc.withArray("variants").addObject().put("name", "instrumented").put("binary", "/nonexistent");
                JSON.writeValue(Path.of(option(a, "--json")).toFile(), doc);
            }
            case "gate" -> {
                String host = option(a, "--host-label");
                String env = System.getenv("FAKE_GATE_EXIT_" + host);
                int code = env == null ? 0 : Integer.parseInt(env);
                if (code == 2) {
                    System.err.println("error: the build failed");
                    return 2;
                }
                String line = "Compared " + option(a, "--candidate") + " with " + option(a, "--base") + " on " + host + ". "
                        + (code == 0 ? "All 3 measures within bounds." : "1 of 3 measures out of bounds: cpu_time.");
                ObjectNode doc = JSON.createObjectNode().put("host", host).put("exit", code).put("line", line);
                JSON.writeValue(Path.of(option(a, "--json")).toFile(), doc);
                JSON.writeValue(Path.of(option(a, "--verdict")).toFile(), doc);
                Files.writeString(Path.of(option(a, "--markdown")), line + "\n");
                if (option(a, "--html") != null) {
                    Files.writeString(Path.of(option(a, "--html")), "<html>" + line + "</html>\n");
                }
                System.out.println(line);
                return code;
            }
            case "merge" -> {
                int code = 0;
                StringBuilder md = new StringBuilder();
                for (String f : a.subList(1, a.size())) {
                    if (f.startsWith("--")) {
                        break;
                    }
                    JsonNode doc = JSON.readTree(Path.of(f).toFile());
                    code = Math.max(code, doc.get("exit").asInt());
                    md.append("## ").append(doc.get("host").asText()).append("\n").append(doc.get("line").asText()).append("\n");
                }
                for (int i = 0; i + 1 < a.size(); i++) {
                    if (a.get(i).equals("--link")) {
                        md.append("[HTML report of ").append(a.get(i + 1).replaceFirst("=", "](")).append(")\n");
                    }
                }
                Files.writeString(Path.of(option(a, "--markdown")), (code == 0 ? "Every host passed.\n" : "A host failed.\n") + md);
                Files.writeString(Path.of(option(a, "--json")), "{}");
                return code;
            }
            default -> {
                System.err.println("fake pgolab: " + a);
                return 2;
            }
        }
        return 0;
    }

    private static String option(List<String> a, String name) {
        int i = a.indexOf(name);
        return i < 0 || i + 1 >= a.size() ? null : a.get(i + 1);
    }
}
