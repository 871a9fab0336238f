package io.pgolab.config;

import static io.pgolab.config.ConfigLoader.WORKLOAD_PLACEHOLDERS;
import static io.pgolab.config.ConfigLoader.allTables;
import static io.pgolab.config.ConfigLoader.checkPlaceholders;
import static io.pgolab.config.ConfigLoader.union;

import io.pgolab.parse.Parsers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/** The [[train]] and [[bench]] entries: commands or services, their metrics, effects and bounds. */
final class WorkloadReader {
    private static final Set<String> SERVICE = ServiceReader.KEYS;
    private static final Set<String> WORKLOAD = union(Set.of("name", "command", "timeout", "weight", "env"), SERVICE);
    private static final Set<String> TRAIN = union(WORKLOAD, Set.of("profile", "share", "base"));
    private static final Set<String> BENCH = union(WORKLOAD, Set.of("parser", "metric", "min_effect", "primary", "bound",
            "time"));
    private static final Set<String> METRIC = Set.of("name", "regex", "json_pointer", "unit", "direction", "scale", "bound");

    private WorkloadReader() {
    }

    static List<WorkloadSpec> workloads(TomlTable toml, String key, Set<String> extraPlaceholders,
                                                ConfigProblems problems) {
        List<WorkloadSpec> out = new ArrayList<>();
        Object v = toml.get(List.of(key));
        if (v == null) {
            return out;
        }
        TomlPosition keyPos = toml.inputPositionOf(List.of(key));
        int keyLine = keyPos == null ? 1 : keyPos.line();
        if (!(v instanceof TomlArray arr) || !allTables(arr)) {
            problems.add(keyLine, key, "must be a list of tables written as [[" + key + "]] sections",
                    "[[" + key + "]]\n      name = \"typical\"\n      command = \"{binary} input\"");
            return out;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < arr.size(); i++) {
            TomlTable t = arr.getTable(i);
            TomlPosition p = arr.inputPositionOf(i);
            int line = p == null ? keyLine : p.line();
            TableReader r = new TableReader(t, key + "[" + i + "]", line, problems);
            r.rejectUnknown(key.equals("bench") ? BENCH : TRAIN);
            String name = r.optString("name").orElse(key + (i + 1));
            if (!name.matches("[A-Za-z0-9._-]+")) {
                problems.add(r.line("name"), key + ".name", "'" + name + "' is not a usable name",
                        "use letters, digits, '.', '_' and '-' only (it names files under .pgolab/)");
            } else if (!seen.add(name)) {
                problems.add(r.line("name"), key + ".name", "duplicate workload name '" + name + "'",
                        "give every [[" + key + "]] entry its own name");
            }
            TableReader named = new TableReader(t, key + "." + name, line, problems);
            Optional<ServiceSpec> service = ServiceReader.isService(named)
                    ? Optional.of(ServiceReader.read(t, named, key, key + "." + name, extraPlaceholders, problems))
                    : Optional.empty();
            String command = service.isPresent() ? service.get().server()
                    : named.string("command", "command = \"{binary} --some-input\"   (or server = \"{binary} --port {port}\")");
            if (service.isEmpty()) {
                ValueChecks.nonEmpty(named, "command", command, "command = \"{binary} --some-input\"", problems);
                checkPlaceholders(named, "command", command, union(WORKLOAD_PLACEHOLDERS, extraPlaceholders), problems);
                SERVICE.stream().filter(named::has).forEach(k -> problems.add(named.line(k), key + "." + name + "." + k,
                        "only a service workload (one with 'server = ...' or [[" + key + ".process]]) takes this key",
                        "add server = \"{binary} --port {port}\", or remove " + k));
                if (!command.isBlank() && !ProcessSpec.runsBinary(command)) {
                    problems.add(named.line("command"), key + "." + name + ".command",
                            "the command never runs the built program: {binary} is missing",
                            "start it with {binary}, e.g. command = \"{binary} input.txt\"");
                }
            } else if (named.has("command")) {
                problems.add(named.line("command"), key + "." + name + ".command",
                        "a service workload has 'server' and 'clients' instead of 'command'",
                        "move the load generator into clients = [\"...\"]");
            }
            double weight = named.number("weight", 1.0);
            if (!ValueChecks.inRange(named, "weight", "weight", weight, 0, true, ValueChecks.MAX_WEIGHT, "",
                    "weight = 1   (how much this workload counts in the merged profile; 2 counts twice)", problems)) {
                weight = 1.0;
            }
            String prefix = key + "." + name;
            double share = key.equals("train") ? TrainShares.share(named, problems) : 0;
            boolean base = key.equals("train") && named.bool("base", false);
            List<MetricSpec> metrics = key.equals("bench") ? metrics(t, prefix, line, problems) : List.of();
            Optional<String> parser = named.optString("parser");
            MetricNames.checkParser(named, prefix, problems);
            String time = suiteTime(named, prefix, parser, problems);
            List<String> roles = service.filter(ServiceSpec::named).map(sv -> List.copyOf(sv.roles())).orElse(List.of());
            Map<String, Double> minEffects = minEffects(named, metrics, parser.isPresent(), roles, prefix, problems);
            List<String> primary = named.stringList("primary", List.of());
            MetricNames.checkReferences(named, prefix, "primary", primary, metrics, parser.isPresent(), roles, problems);
            Map<String, Double> bounds = key.equals("bench") ? bounds(named, metrics, parser.isPresent(), roles, prefix,
                    problems) : Map.of();
            checkFirstOutput(named, prefix, service.isPresent(), primary, minEffects, bounds, problems);
            out.add(new WorkloadSpec(name, command, named.duration("timeout", Duration.ofMinutes(10)), weight,
                    ValueChecks.env(named, "env", problems), line, parser, metrics, minEffects, primary,
                    service, profileTag(named, prefix, problems), bounds, share, base, time));
        }
        if (key.equals("train")) {
            TrainShares.checkSets(out, problems);
        }
        return out;
    }

    /**
     * time = "cpu" | "real": which time a microbenchmark suite's benchmarks are read in; only with a suite's parser,
     * and only a time that suite measures. "" when absent (the suite's default: cpu where it measures it).
     */
    private static String suiteTime(TableReader r, String prefix, Optional<String> parser, ConfigProblems problems) {
        Optional<String> time = r.optString("time");
        if (time.isEmpty()) {
            return "";
        }
        List<String> times = parser.map(Parsers::suiteTimes).orElse(List.of());
        String t = time.get().trim().toLowerCase(Locale.ROOT);
        if (times.isEmpty()) {
            problems.add(r.line("time"), prefix + ".time", "only a microbenchmark suite's [[bench]] takes 'time' (its"
                    + " parser is criterion, google-benchmark, go-test or jmh)" + parser.map(p -> "; this one's parser is '"
                    + p + "'").orElse(""), "remove time; a command's own CPU and wall time are measured as cpu_time"
                    + " and wall_time");
        } else if (!t.equals("cpu") && !t.equals("real")) {
            problems.add(r.line("time"), prefix + ".time", "must be \"cpu\" or \"real\", found '" + time.get() + "'",
                    "time = \"" + times.get(0) + "\"   (" + String.join(" or ", times) + " for the " + parser.get()
                            + " parser)");
        } else if (!times.contains(t)) {
            problems.add(r.line("time"), prefix + ".time", "the " + parser.get() + " parser has no " + t + " time: the"
                    + " suite measures wall-clock time only", "time = \"real\", or leave time out");
        } else {
            return t;
        }
        return "";
    }

    /** first_output_time is a command's, and measured only as a primary metric: a min_effect or bound needs it there. */
    private static void checkFirstOutput(TableReader r, String prefix, boolean service, List<String> primary,
                                         Map<String, Double> minEffects, Map<String, Double> bounds, ConfigProblems problems) {
        String m = MetricNames.COMMAND_ON_REQUEST.get(0);
        if (service && primary.contains(m)) {
            problems.add(r.line("primary"), prefix + ".primary", "'" + m + "' is measured for a command's run; this"
                    + " workload is a server, whose start is measured as 'ready_time'", "primary = [\"ready_time\"]");
        } else if (!primary.contains(m) && (minEffects.containsKey(m) || bounds.containsKey(m))) {
            String k = minEffects.containsKey(m) ? "min_effect" : "bound";
            problems.add(r.line(k), prefix + "." + k, "'" + m + "' is measured only when it is a primary metric",
                    "add it: primary = [\"" + m + "\"" + primary.stream().map(p -> ", \"" + p + "\"").reduce("", String::concat)
                            + "]");
        }
    }

    /** min_effect = { METRIC = PERCENT }: finite, from 0 to 1000, of a metric this entry measures; as fractions. */
    private static Map<String, Double> minEffects(TableReader r, List<MetricSpec> metrics, boolean hasParser,
                                                  List<String> roles, String prefix, ConfigProblems problems) {
        Map<String, Double> out = new LinkedHashMap<>();
        r.numberMap("min_effect").forEach((k, pct) -> {
            if (ValueChecks.inRange(r, "min_effect." + k, "min_effect", pct, 0, false, ValueChecks.MAX_EFFECT_PERCENT, "percent",
                    "min_effect = { " + k + " = 2 }   (a change smaller than 2% counts as no change)", problems)) {
                out.put(k, pct / 100);
            }
        });
        MetricNames.checkReferences(r, prefix, "min_effect", List.copyOf(out.keySet()), metrics, hasParser, roles,
                problems);
        return out;
    }

    /**
     * The gate's bounds of this entry, in percent: bound = { METRIC = PERCENT } and each [[bench.metric]]'s bound; a
     * metric may have one of the two only.
     */
    private static Map<String, Double> bounds(TableReader r, List<MetricSpec> metrics, boolean hasParser,
                                              List<String> roles, String prefix, ConfigProblems problems) {
        Map<String, Double> out = new LinkedHashMap<>();
        r.numberMap("bound").forEach((k, pct) -> {
            if (ValueChecks.inRange(r, "bound." + k, "bound", pct, 0, false, ValueChecks.MAX_EFFECT_PERCENT, "percent",
                    "bound = { " + k + " = 2 }   (the gate fails when " + k + " may be more than 2% worse)", problems)) {
                out.put(k, pct);
            }
        });
        MetricNames.checkReferences(r, prefix, "bound", List.copyOf(out.keySet()), metrics, hasParser, roles, problems);
        for (MetricSpec m : metrics) {
            m.bound().ifPresent(b -> {
                if (out.containsKey(m.name())) {
                    problems.add(r.line("bound"), prefix + ".bound." + m.name(), "'" + m.name()
                            + "' has a bound here and in its [[bench.metric]] entry", "keep one of the two");
                }
                out.put(m.name(), b);
            });
        }
        return out;
    }

    private static String profileTag(TableReader r, String prefix, ConfigProblems problems) {
        String tag = r.optString("profile").orElse("").trim().toLowerCase();
        if (!tag.isEmpty() && !Variant.isProfileName(tag)) {
            problems.add(r.line("profile"), prefix + ".profile", "'" + tag + "' is not a usable profile name",
                    "use letters, digits, '.', '_' and '-' (variants name it as pgo@" + "NAME)");
        }
        return tag;
    }

    private static List<MetricSpec> metrics(TomlTable bench, String prefix, int benchLine, ConfigProblems problems) {
        List<MetricSpec> out = new ArrayList<>();
        Object v = bench.get(List.of("metric"));
        if (v == null) {
            return out;
        }
        if (!(v instanceof TomlArray arr) || !allTables(arr)) {
            problems.add(benchLine, prefix + ".metric", "must be a list of [[bench.metric]] tables",
                    "[[bench.metric]]\n      name = \"rps\"\n      regex = \"Requests/sec: ([0-9.]+)\"\n      direction = \"higher\"");
            return out;
        }
        for (int i = 0; i < arr.size(); i++) {
            TomlPosition p = arr.inputPositionOf(i);
            TableReader r = new TableReader(arr.getTable(i), prefix + ".metric[" + i + "]", p == null ? benchLine : p.line(), problems);
            r.rejectUnknown(METRIC);
            String name = r.string("name", "name = \"rps\"");
            MetricNames.checkDefinition(r, name, out, problems);
            Optional<String> regex = r.optString("regex");
            Optional<String> pointer = r.optString("json_pointer");
            if (regex.isPresent() == pointer.isPresent()) {
                problems.add(r.headerLine(), prefix + ".metric." + name, "needs exactly one of 'regex' or 'json_pointer'",
                        "regex = \"Requests/sec: ([0-9.]+)\"   or   json_pointer = \"/end/sum_received/bits_per_second\"");
            }
            regex.ifPresent(re -> checkRegex(r, re, problems));
            pointer.filter(jp -> !jp.startsWith("/")).ifPresent(jp -> problems.add(r.line("json_pointer"),
                    r.qualified("json_pointer"), "must start with '/' (an RFC 6901 JSON pointer), found '" + jp + "'",
                    "json_pointer = \"/end/sum_received/bits_per_second\""));
            String direction = r.optString("direction").orElse("lower");
            if (!direction.equals("lower") && !direction.equals("higher")) {
                problems.add(r.line("direction"), prefix + ".metric." + name + ".direction", "must be \"lower\" or \"higher\"",
                        "direction = \"higher\"   # for throughput; \"lower\" for times and latencies");
            }
            double scale = r.number("scale", 1.0);
            if (!Double.isFinite(scale)) {
                problems.add(r.line("scale"), r.qualified("scale"), "must be a finite number, found " + ValueChecks.format(scale),
                        "scale = 0.001   (multiplies the value read, e.g. ms to s)");
            } else if (scale == 0) {
                problems.add(r.line("scale"), r.qualified("scale"), "must not be 0 (every value would read 0)",
                        "scale = 1   (or leave it out)");
            }
            OptionalDouble bound = OptionalDouble.empty();
            if (r.has("bound")) {
                double b = r.number("bound", 0);
                if (ValueChecks.inRange(r, "bound", "bound", b, 0, false, ValueChecks.MAX_EFFECT_PERCENT, "percent",
                        "bound = 2   (the gate fails when " + name + " may be more than 2% worse)", problems)) {
                    bound = OptionalDouble.of(b);
                }
            }
            out.add(new MetricSpec(name, regex, pointer, r.optString("unit").orElse(""), direction.equals("higher"),
                    scale, r.headerLine(), bound));
        }
        return out;
    }

    /** A [[bench.metric]] regex: compiles, and has the group that captures the number. */
    private static void checkRegex(TableReader r, String re, ConfigProblems problems) {
        try {
            int groups = Pattern.compile(re).matcher("").groupCount();
            if (!re.contains("(?<value>") && groups != 1) {
                problems.add(r.line("regex"), r.qualified("regex"), "must have exactly one capture group, it has " + groups,
                        "put ( ) around the number only, e.g. regex = 'Requests/sec: ([0-9.]+)'; make other groups"
                                + " non-capturing (?:...) or name the number's group (?<value>...)");
            }
        } catch (PatternSyntaxException e) {
            problems.add(r.line("regex"), r.qualified("regex"), "invalid regex: " + e.getDescription(),
                    "TOML basic strings need \\\\ for one backslash; literal strings ('...') do not");
        }
    }
}
