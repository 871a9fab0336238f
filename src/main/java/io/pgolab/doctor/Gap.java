package io.pgolab.doctor;

/** A piece a variant needs that is absent: what, and the package (or a hint) that brings it. */
record Gap(String piece, String pkg, String hint) {
    static Gap pkg(String piece, String pkg) {
        return new Gap(piece, pkg, "");
    }
}
