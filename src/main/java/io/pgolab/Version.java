package io.pgolab;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * pgolab's own version: the pom's version (the jar manifest's Implementation-Version) and the build's
 * io/pgolab/build.properties (git describe, the release's repository; src/build/ReleaseFiles.java writes them).
 * A jar built from a clean checkout of the tag v&lt;version&gt; is that release and says "0.2.0"; any other
 * jar is a development build towards it and says so with its commit, "0.2.0-dev+v0.1.0-12-g048cbb3-dirty",
 * so that results, merged reports and stored profiles never pass a development build off as a release.
 */
public final class Version {
    private static final Build BUILD = Build.load();

    private Version() {
    }

    /** What the jar was built from: the pom's version, git describe, the release's GitHub repository ("" if none). */
    public record Build(String release, String git, String repository) {
        static Build load() {
            Properties p = properties("build.properties");
            String release = properties("version.properties").getProperty("version", "").trim();
            if (release.isEmpty() || release.contains("${")) {   // resources not filtered: the manifest's, if any
                String manifest = Version.class.getPackage().getImplementationVersion();
                release = manifest == null ? "" : manifest;
            }
            return new Build(release, p.getProperty("git", "").trim(), p.getProperty("repository", "").trim());
        }

        private static Properties properties(String resource) {
            Properties p = new Properties();
            try (InputStream in = Version.class.getResourceAsStream(resource)) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException | IllegalArgumentException e) {
                // unreadable: as if absent (a development build of unknown commit)
            }
            return p;
        }

        /** True for a jar built from a clean checkout of the tag v + release. */
        public boolean isRelease() {
            return !release.isEmpty() && git.equals("v" + release);
        }

        /** "0.2.0" for a release; "0.2.0-dev+DESCRIBE" or "0.2.0-dev" otherwise; "dev" when the pom's version is unknown. */
        public String version() {
            if (release.isEmpty()) {
                return "dev";
            }
            if (isRelease()) {
                return release;
            }
            return release + "-dev" + (git.isEmpty() ? "" : "+" + git);
        }
    }

    public static String get() {
        return BUILD.version();
    }

    public static Build build() {
        return BUILD;
    }
}
