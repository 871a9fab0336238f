package io.pgolab.config.starter;

import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The jar modules of a Maven build for 'pgolab init' (the root pom and its &lt;modules&gt;, two levels
 * deep), what each one's jar is called (finalName, else artifactId-version; the assembly plugin's
 * -jar-with-dependencies when it makes one) and whether it is runnable (a &lt;mainClass&gt; in its pom, a
 * shade or assembly plugin that bundles the dependencies), and which one init picks.
 */
final class MavenModules {
    private static final Pattern COMMENT = Pattern.compile("(?s)<!--.*?-->");
    private static final Pattern PARENT = Pattern.compile("(?s)<parent>(.*?)</parent>");
    private static final Pattern NESTED = Pattern.compile("(?s)<(dependencies|dependencyManagement|build|profiles|plugins|reporting)>.*?</\\1>");
    private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
    private static final Pattern MAIN_CLASS = Pattern.compile("<mainClass>\\s*([\\w.$]+)\\s*</mainClass>");
    private static final Pattern FINAL_NAME = Pattern.compile("<finalName>\\s*([^<\\s]+)\\s*</finalName>");

    /** One jar module: dir relative to the root ("" for the root), its jar, main class if its pom says one. */
    record Module(String dir, String artifactId, String jar, Optional<String> main, boolean runnable) {
    }

    /** The module picked and whether that is a guess, with the other jar modules. */
    record Choice(Module module, boolean guessed, List<String> others) {
    }

    private MavenModules() {
    }

    static List<Module> find(Path root) {
        List<Module> out = new ArrayList<>();
        visit(root, "", Optional.empty(), 0, out);
        return out;
    }

    private static void visit(Path root, String rel, Optional<String> parentVersion, int depth, List<Module> out) {
        Path dir = rel.isEmpty() ? root : root.resolve(rel);
        String pom;
        try {
            pom = COMMENT.matcher(TextHead.of(dir.resolve("pom.xml"), TextHead.PROJECT_FILE)).replaceAll("");
        } catch (IOException | UncheckedIOException e) {
            return;
        }
        Matcher pm = PARENT.matcher(pom);
        Optional<String> inherited = pm.find() ? tag(pm.group(1), "version") : Optional.empty();
        String own = NESTED.matcher(PARENT.matcher(pom).replaceAll("")).replaceAll("");
        Optional<String> version = tag(own, "version").or(() -> inherited).or(() -> parentVersion);
        String packaging = tag(own, "packaging").orElse("jar");
        Optional<String> artifact = tag(own, "artifactId");
        if (packaging.equals("jar") && artifact.isPresent()) {
            out.add(module(rel, pom, artifact.get(), version));
        }
        if (depth < 2) {
            Matcher m = MODULE.matcher(pom);
            while (m.find()) {
                String sub = rel.isEmpty() ? m.group(1) : rel + "/" + m.group(1);
                if (!sub.contains("..") && !m.group(1).startsWith("/") && sub.matches("[A-Za-z0-9._/+-]+")) {   // -pl MODULE, unquoted
                    visit(root, sub, version, depth + 1, out);
                }
            }
        }
    }

    private static Module module(String rel, String pom, String artifactId, Optional<String> version) {
        Matcher fm = FINAL_NAME.matcher(pom);
        String base = fm.find() && !fm.group(1).contains("$") ? fm.group(1)
                : version.filter(v -> !v.contains("$")).map(v -> artifactId + "-" + v).orElse(artifactId + "-CHANGE_ME");
        boolean assembly = pom.contains("jar-with-dependencies");
        boolean shade = pom.contains("maven-shade-plugin");
        String jar = (rel.isEmpty() ? "" : rel + "/") + "target/" + base + (assembly && !shade ? "-jar-with-dependencies" : "") + ".jar";
        Matcher mc = MAIN_CLASS.matcher(pom);
        Optional<String> main = mc.find() ? Optional.of(mc.group(1)) : Optional.empty();
        return new Module(rel, artifactId, jar, main, main.isPresent() || assembly || shade);
    }

    private static Optional<String> tag(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">\\s*([^<\\s]+)\\s*</" + name + ">").matcher(xml);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * The only module, else the one named like the directory (its dir or artifactId), else the only runnable one
     * (a main class or a bundling plugin), else the first runnable (else the first): a guess.
     */
    static Optional<Choice> choose(List<Module> modules, String dirName) {
        if (modules.isEmpty()) {
            return Optional.empty();
        }
        List<Module> runnable = modules.stream().filter(Module::runnable).toList();
        Optional<Module> named = modules.stream().filter(m -> m.artifactId().equals(dirName) || last(m.dir()).equals(dirName)
                || m.artifactId().equals(dirName + "-cli") || last(m.dir()).equals("cli")).max(Comparator.comparing(Module::runnable));
        Module pick = modules.size() == 1 ? modules.get(0) : runnable.size() == 1 ? runnable.get(0)
                : named.orElse(runnable.isEmpty() ? modules.get(0) : runnable.get(0));
        boolean guessed = modules.size() > 1 && runnable.size() != 1 && named.isEmpty();
        List<String> others = modules.stream().filter(m -> m != pick).map(m -> m.dir().isEmpty() ? "." : m.dir()).toList();
        return Optional.of(new Choice(pick, guessed, others));
    }

    private static String last(String dir) {
        return dir.substring(dir.lastIndexOf('/') + 1);
    }
}
