import java.nio.file.*;
public class Bench {
    public static void main(String[] a) throws Exception {
        String text = switch (a[0]) {
            case "normal" -> Files.readString(Path.of(a[1]));
            case "nested" -> "x = " + "[".repeat(Integer.parseInt(a[1])) + "]".repeat(Integer.parseInt(a[1])) + "\n";
            case "string" -> "x = \"" + "a".repeat(Integer.parseInt(a[1])) + "\"\n";
            case "dotted" -> "a" + ".a".repeat(Integer.parseInt(a[1])) + " = 1\n";
            case "tables" -> { StringBuilder sb = new StringBuilder(); for (int i = 0; i < Integer.parseInt(a[1]); i++) sb.append("[[t]]\nname = \"x").append(i).append("\"\n"); yield sb.toString(); }
            default -> throw new IllegalArgumentException();
        };
        int reps = a[0].equals("normal") ? 200 : 1;
        long t0 = System.nanoTime();
        String outcome = "";
        for (int i = 0; i < reps; i++) {
            try {
                var r = org.tomlj.Toml.parse(text);
                outcome = r.hasErrors() ? "errors: " + r.errors().get(0) : "ok";
            } catch (Throwable t) { outcome = t.getClass().getName(); }
        }
        long t1 = System.nanoTime();
        System.out.printf("%s %s bytes=%d: %.1f ms per parse (%d reps) -> %s%n", a[0], a.length > 1 ? a[1] : "", text.length(),
                (t1 - t0) / 1e6 / reps, reps, outcome.length() > 120 ? outcome.substring(0, 120) : outcome);
    }
}
