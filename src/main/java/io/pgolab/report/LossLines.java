package io.pgolab.report;

import io.pgolab.bench.Loss;
import java.util.List;

/**
 * The losses ({@link Loss}) as every report of a bench or ladder starts: per loss its headline ("LOSS: pgo is 5.9%
 * slower than release on n-body ...") and its fix, as terminal text, Markdown and HTML. Drawn from the records
 * alone, so a bench that ran and 'pgolab report' on its file say the same.
 */
public final class LossLines {
    private LossLines() {
    }

    public static String text(List<Loss> losses) {
        StringBuilder b = new StringBuilder();
        for (Loss l : list(losses)) {
            b.append(l.headline()).append('\n').append("  ").append(l.fixLine()).append('\n');
        }
        return b.toString();
    }

    public static String markdown(List<Loss> losses) {
        StringBuilder b = new StringBuilder();
        for (Loss l : list(losses)) {
            b.append("> **").append(Md.text(l.headline())).append("**<br>\n> ").append(Md.text(l.fixLine()))
                    .append("\n\n");
        }
        return b.toString();
    }

    public static String html(List<Loss> losses) {
        StringBuilder b = new StringBuilder();
        for (Loss l : list(losses)) {
            b.append("<p class=\"verdict fail loss\">").append(Html.text(l.headline())).append("<br><span class=\"fix\">")
                    .append(Html.text(l.fixLine())).append("</span></p>\n");
        }
        return b.toString();
    }

    private static List<Loss> list(List<Loss> losses) {
        return losses == null ? List.of() : losses;
    }
}
