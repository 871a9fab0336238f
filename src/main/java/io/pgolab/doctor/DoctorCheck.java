package io.pgolab.doctor;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;

/**
 * One line of 'pgolab doctor': what was checked (subject), what was found (detail) and, when
 * something is missing or wrong, the command that fixes it.
 */
public record DoctorCheck(Status status, String subject, String detail, String fix) {

    /** OK: present and usable. WARN: present but degraded. MISSING: needed and absent. INFO: neither. */
    public enum Status {
        OK("ok"), WARN("warn"), MISSING("MISSING"), INFO("info");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** In JSON: "ok", "warn", "missing", "info". */
        @JsonValue
        public String json() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Width of the status column: "MISSING" plus a space. */
    public static final int LABEL_WIDTH = 8;

    public DoctorCheck {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(subject, "subject");
        detail = detail == null ? "" : detail;
        fix = fix == null ? "" : fix;
    }

    public static DoctorCheck ok(String subject, String detail) {
        return new DoctorCheck(Status.OK, subject, detail, "");
    }

    public static DoctorCheck warn(String subject, String detail, String fix) {
        return new DoctorCheck(Status.WARN, subject, detail, fix);
    }

    public static DoctorCheck missing(String subject, String detail, String fix) {
        return new DoctorCheck(Status.MISSING, subject, detail, fix);
    }

    public static DoctorCheck info(String subject, String detail, String fix) {
        return new DoctorCheck(Status.INFO, subject, detail, fix);
    }

    /** One plain line: status, subject padded to subjectWidth, detail, then "-> fix" when there is one. */
    public String line(int subjectWidth) {
        StringBuilder sb = new StringBuilder();
        sb.append(pad(status.label(), LABEL_WIDTH));
        sb.append(detail.isEmpty() ? subject : pad(subject, subjectWidth) + "  " + detail);
        if (!fix.isEmpty()) {
            sb.append("  -> ").append(fix);
        }
        return sb.toString().stripTrailing();
    }

    public String line() {
        return line(0);
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
