package io.pgolab;

/** pgolab's own version, from the jar manifest. */
public final class Version {
    private Version() {
    }

    public static String get() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
