import java.nio.file.*;
public class LBench {
    public static void main(String[] a) throws Exception {
        Path dir = Files.createTempDirectory("lbench");
        Path f = dir.resolve("pgolab.toml");
        String base = Files.readString(Path.of("src/test/resources/config-corpus/ok-base.toml"));
        switch (a[0]) {
            case "normal" -> Files.writeString(f, base);
            case "nested" -> Files.writeString(f, "x = " + "[".repeat(20000) + "]".repeat(20000) + "\n" + base);
            case "string" -> Files.writeString(f, base.replace("name = \"demo\"", "name = \"" + "a".repeat(Integer.parseInt(a[1])) + "\""));
            default -> throw new IllegalArgumentException();
        }
        int reps = a[0].equals("normal") ? 500 : 3;
        String outcome = "";
        long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            try { io.pgolab.config.ConfigLoader.load(f); outcome = "Config"; }
            catch (io.pgolab.UserError e) { outcome = "UserError: " + e.getMessage().replace("\n", " | "); }
        }
        System.out.printf("loader %s %s bytes=%d: %.2f ms per load -> %s%n", a[0], a.length > 1 ? a[1] : "", Files.size(f),
            (System.nanoTime() - t0) / 1e6 / reps, outcome.length() > 150 ? outcome.substring(0, 150) : outcome);
    }
}
