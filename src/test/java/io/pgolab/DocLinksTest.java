package io.pgolab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in README.md, docs/*.md and examples/*&#47;README.md points at a file that exists, and every
 * #anchor at a heading of the Markdown file it names (GitHub's anchor rule: lower case, punctuation dropped,
 * spaces to hyphens, -1, -2 … for repeats). Code blocks are skipped.
 */
class DocLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.*)$");
    private static final Pattern FENCED = Pattern.compile("```.*?```", Pattern.DOTALL);

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> d = Files.list(Path.of("docs"))) {
            d.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        try (Stream<Path> e = Files.list(Path.of("examples"))) {
            e.map(p -> p.resolve("README.md")).filter(Files::isRegularFile).sorted().forEach(docs::add);
        }
        List<String> broken = new ArrayList<>();
        for (Path doc : docs) {
            Matcher m = LINK.matcher(FENCED.matcher(Files.readString(doc)).replaceAll(""));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path path = file.isEmpty() ? doc : doc.resolveSibling(file).normalize();
                if (!Files.exists(path)) {
                    broken.add(doc + ": " + target + ": no file " + path);
                } else if (hash >= 0 && path.toString().endsWith(".md") && !anchors(path).contains(target.substring(hash + 1))) {
                    broken.add(doc + ": " + target + ": no heading #" + target.substring(hash + 1) + " in " + path);
                }
            }
        }
        assertThat(broken).as("links in the docs").isEmpty();
    }

    static Set<String> anchors(Path md) throws IOException {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fence = false;
        for (String line : Files.readAllLines(md)) {
            if (line.startsWith("```")) {
                fence = !fence;
            }
            Matcher h = HEADING.matcher(line);
            if (fence || !h.matches()) {
                continue;
            }
            String text = h.group(1).strip().replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
            String slug = text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            out.add(n == 0 ? slug : slug + "-" + n);
        }
        return out;
    }
}
