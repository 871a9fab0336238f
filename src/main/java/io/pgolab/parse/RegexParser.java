package io.pgolab.parse;

import io.pgolab.UserError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads metrics with user-given regular expressions, one per metric. Each regex has exactly one
 * capture group, or a group named {@code value} ({@code (?<value>...)}), holding the number
 * ("1,234.5" and "1.2e3" are read too); the value is multiplied by {@code scale}. The regex is
 * applied in MULTILINE mode ('^' and '$' match at line ends) and, when it matches several times,
 * the LAST match counts: summaries come after progress lines.
 */
public final class RegexParser implements OutputParser {
    public static final String NAME = "regex";

    /** One metric: its name, regex, unit, direction and a factor applied to the captured number. */
    public record Extractor(String name, String regex, String unit, boolean higherIsBetter, double scale) {
        public Extractor(String name, String regex, String unit, boolean higherIsBetter) {
            this(name, regex, unit, higherIsBetter, 1.0);
        }
    }

    private record Compiled(Extractor extractor, Pattern pattern, boolean named) {
    }

    private final List<Compiled> extractors;

    /** @throws UserError when an extractor is unusable (bad regex, wrong number of groups, ...) */
    public RegexParser(List<Extractor> extractors) {
        if (extractors == null || extractors.isEmpty()) {
            throw new UserError("the regex parser needs at least one metric", "add a [[bench.metric]] with name and regex");
        }
        List<Compiled> compiled = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Extractor e : extractors) {
            checkCommon(e.name(), e.unit(), e.scale(), names);
            if (e.regex() == null || e.regex().isEmpty()) {
                throw new UserError("metric '" + e.name() + "': the regex is empty",
                        "give a regex with one capture group around the number, e.g. 'Requests/sec:\\s+([0-9.]+)'");
            }
            Pattern p;
            try {
                p = Pattern.compile(e.regex(), Pattern.MULTILINE);
            } catch (PatternSyntaxException ex) {
                throw new UserError("metric '" + e.name() + "': invalid regex: " + ex.getDescription()
                        + " near index " + ex.getIndex() + " of " + e.regex(),
                        "the regex uses Java syntax; in TOML, write it in single quotes to avoid escaping backslashes");
            }
            boolean named = e.regex().contains("(?<value>");
            int groups = p.matcher("").groupCount();
            if (!named && groups != 1) {
                throw new UserError("metric '" + e.name() + "': the regex must have exactly one capture group, "
                        + "it has " + groups + ": " + e.regex(),
                        "put ( ) around the number only and make other groups non-capturing (?:...), "
                        + "or name the number's group (?<value>...)");
            }
            compiled.add(new Compiled(e, p, named));
        }
        this.extractors = List.copyOf(compiled);
    }

    static void checkCommon(String name, String unit, double scale, Set<String> names) {
        if (name == null || name.isBlank()) {
            throw new UserError("a metric has no name", "give every [[bench.metric]] a name");
        }
        if (!names.add(name)) {
            throw new UserError("metric '" + name + "' is defined twice", "give each [[bench.metric]] its own name");
        }
        if (unit == null) {
            throw new UserError("metric '" + name + "' has no unit", "set unit, e.g. unit = \"req/s\"");
        }
        if (!Double.isFinite(scale) || scale == 0.0) {
            throw new UserError("metric '" + name + "': scale must be a non-zero number, got " + scale,
                    "leave scale out (1) or set e.g. scale = 0.001");
        }
    }

    public List<Extractor> extractors() {
        return extractors.stream().map(Compiled::extractor).toList();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        String text = output == null ? "" : output;
        ParseSupport.Collector out = new ParseSupport.Collector();
        List<String> problems = new ArrayList<>();
        for (Compiled c : extractors) {
            Extractor e = c.extractor();
            Matcher m = c.pattern().matcher(text);
            String captured = null;
            boolean matched = false;
            while (m.find()) {
                matched = true;
                captured = c.named() ? m.group("value") : m.group(1);
            }
            if (!matched) {
                problems.add("no match for metric '" + e.name() + "' (regex " + e.regex() + ")");
                continue;
            }
            Double v = ParseSupport.number(captured);
            if (v == null) {
                problems.add("metric '" + e.name() + "': regex " + e.regex() + " matched, but captured "
                        + (captured == null ? "nothing" : "'" + captured + "'") + ", not a number");
                continue;
            }
            out.add(e.name(), v * e.scale(), e.unit(), e.higherIsBetter());
        }
        if (!problems.isEmpty()) {
            throw new NoMatchException(NAME + ": " + String.join("; ", problems)
                    + (text.isBlank() ? " (the output is empty)" : ""));
        }
        return out.list();
    }
}
