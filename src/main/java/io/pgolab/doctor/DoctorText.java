package io.pgolab.doctor;

/** The plain-text report: one title line per section, then one line per check, aligned. */
final class DoctorText {
    /** Subjects longer than this push their detail right instead of widening the whole section. */
    private static final int MAX_SUBJECT = 28;

    private DoctorText() {
    }

    static String render(Doctor.Report report) {
        StringBuilder sb = new StringBuilder();
        for (Doctor.Section s : report.sections()) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(s.title()).append('\n');
            int width = s.checks().stream().mapToInt(c -> c.subject().length()).max().orElse(0);
            for (DoctorCheck c : s.checks()) {
                sb.append("  ").append(c.line(Math.min(width, MAX_SUBJECT))).append('\n');
            }
        }
        return sb.toString();
    }
}
